/**
 * The summary's totals over the current order and the cart (spec §9 Product
 * total): subtotal − discount + additions, 0 on invoice. Coupons discount
 * ticket lines with the domain's coupon rules; voucher credit pays what is
 * left, the way the server charges it.
 */
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { Addition } from '@kassa/domain/contract/organisation';
import { couponDiscountCents, couponTermsFromWire, voucherCreditsUsed } from '@kassa/domain/rules/coupons';
import { amountToCents } from '@kassa/domain/rules/money';
import { productTotal, type TotalBreakdown } from '@kassa/domain/rules/totals';
import type { TicketLine } from './order-prices';

export interface TotalsInput {
  /** Every item's subtotal (current order and cart). */
  subtotalsCents: readonly number[];
  /** Every item's ticket lines, keys made unique per item by the caller. */
  tickets: readonly TicketLine[];
  coupons: readonly CouponResult[];
  additions: readonly Addition[];
  rebooking: boolean;
  /** Rebooking only: the booked order's value, credited last (decision 0040). */
  rebookCreditCents?: number;
  onInvoice: boolean;
}

export function orderTotals(input: TotalsInput): TotalBreakdown & { creditCents: number } {
  const subtotalCents = input.subtotalsCents.reduce((sum, cents) => sum + cents, 0);
  const couponCents = input.coupons
    .filter((coupon) => coupon.type === 'COUPON')
    .reduce((sum, coupon) => sum + couponDiscountCents(couponTermsFromWire(coupon.data), input.tickets), 0);
  const afterCoupons = Math.max(0, subtotalCents - couponCents);
  const credits = input.coupons
    .filter((coupon) => coupon.type === 'VOUCHER')
    .map((coupon) => amountToCents(coupon.data.credit ?? coupon.data.value));
  const creditCents = voucherCreditsUsed(credits, afterCoupons).reduce((sum, cents) => sum + cents, 0);
  return productTotal({
    subtotalCents,
    discountCents: couponCents + creditCents,
    additions: input.additions.map((addition) => ({
      amountCents: amountToCents(addition.amount),
      type: addition.type,
    })),
    rebooking: input.rebooking,
    rebookCreditCents: input.rebookCreditCents ?? 0,
    onInvoice: input.onInvoice,
  });
}
