import type { CouponResult } from '@kassa/domain/contract/coupon';
import { couponTermsToWire } from '@kassa/domain/rules/coupons';
import { centsToAmount } from '@kassa/domain/rules/money';
import type { CouponRow, IssuedVoucherRow } from '../../engine/pricing/find-code.ts';

/** A coupon's terms as a storefront needs them to show the discount. */
export function couponResult(coupon: CouponRow): CouponResult {
  const wire = couponTermsToWire({
    kind: coupon.kind,
    value: coupon.value,
    maxTicketAmount: coupon.maxTicketAmount,
  });
  return {
    type: 'COUPON',
    data: { ...wire, credit: null, code: coupon.code, barcode: null },
  };
}

/** A sold voucher code: an amount of its remaining credit. */
export function voucherResult(voucher: IssuedVoucherRow): CouponResult {
  const credit = centsToAmount(voucher.balanceCents);
  return {
    type: 'VOUCHER',
    data: {
      type: 'AMOUNT',
      value: credit,
      max_ticket_amount: null,
      credit,
      code: voucher.code,
      barcode: null,
    },
  };
}
