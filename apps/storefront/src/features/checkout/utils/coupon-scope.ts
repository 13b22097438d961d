/**
 * What a shop coupon takes off, in words (decision 0010: a coupon discounts
 * ticket lines only, never extras, donations or fees; max_ticket_amount
 * limits it to that many tickets). Said beside the discount in the summary
 * and in the coupon modal, so "10%" is never read as 10% of everything.
 * Voucher credit pays whatever is left and needs no such note.
 */
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { TFunction } from '@/lib/texts';
import { formatMoney } from '@/lib/format-money';

export function couponScope(
  result: CouponResult,
  t: TFunction,
  language: string,
  currency: string,
): string | null {
  if (result.type !== 'COUPON') return null;
  const { data } = result;
  const value =
    data.type === 'PERCENTAGE'
      ? new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
          data.value / 100,
        )
      : formatMoney(data.value, currency, language);
  return data.max_ticket_amount
    ? t('coupon.scope_max', { value, count: data.max_ticket_amount })
    : t('coupon.scope', { value });
}
