/**
 * The coupon and voucher codes applied to an order (docs/storefront.md
 * §4.6): kept as the server's answers, sent as codes.
 */
import type { CouponResult } from '@kassa/domain/contract/coupon';
import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';

/** The codes an order sends (`coupon`) and the summary lists: once each, in display form. */
export function couponCodes(applied: readonly CouponResult[]): string[] {
  return dedupeCouponCodes(applied.map((coupon) => coupon.data.code));
}

/** The applied coupons with `result` added; a code applied again replaces its earlier answer. */
export function withCoupon(applied: readonly CouponResult[], result: CouponResult): CouponResult[] {
  const code = result.data.code.toUpperCase();
  return [...applied.filter((coupon) => coupon.data.code.toUpperCase() !== code), result];
}
