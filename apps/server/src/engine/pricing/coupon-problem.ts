import type { CouponRow, IssuedVoucherRow } from './find-code.ts';

/** What is being ordered, for a coupon's restrictions. */
export type CouponTarget = { products: readonly number[] } | { subscription: number } | { voucher: number };

/** Why a coupon cannot be used; doubles as the error_info of COUPON_NOT_VALID. */
export type CouponProblem =
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'USED_UP'
  | 'CLIENT_ONLY'
  | 'NOT_FOR_THESE_PRODUCTS'
  | 'NOT_FOR_THIS_SUBSCRIPTION'
  | 'NOT_FOR_VOUCHERS';

/**
 * Products (or the subscription) of the target the coupon applies to. Empty
 * restriction lists on both sides mean everything; a coupon restricted to
 * subscriptions only does not apply to products, and the other way round.
 */
export function couponAppliesTo(coupon: CouponRow, productId: number): boolean {
  if (coupon.productIds.length === 0) return coupon.subscriptionIds.length === 0;
  return coupon.productIds.includes(productId);
}

function appliesToSubscription(coupon: CouponRow, subscriptionId: number): boolean {
  if (coupon.subscriptionIds.length === 0) return coupon.productIds.length === 0;
  return coupon.subscriptionIds.includes(subscriptionId);
}

/**
 * The first reason the coupon cannot be used for the target by this client
 * at `now`, or null when it can.
 */
export function couponProblem(
  coupon: CouponRow,
  target: CouponTarget,
  clientId: number | null,
  now: Date,
): CouponProblem | null {
  if (coupon.validFrom && coupon.validFrom > now) return 'NOT_YET_VALID';
  if (coupon.validUntil && coupon.validUntil <= now) return 'EXPIRED';
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return 'USED_UP';
  if (coupon.clientId !== null && coupon.clientId !== clientId) return 'CLIENT_ONLY';
  // Gift vouchers take only a coupon restricted to nothing (decision 0112).
  if ('voucher' in target) {
    return coupon.productIds.length === 0 && coupon.subscriptionIds.length === 0 ? null : 'NOT_FOR_VOUCHERS';
  }
  if ('subscription' in target) {
    return appliesToSubscription(coupon, target.subscription) ? null : 'NOT_FOR_THIS_SUBSCRIPTION';
  }
  return target.products.some((id) => couponAppliesTo(coupon, id)) ? null : 'NOT_FOR_THESE_PRODUCTS';
}

/** A sold voucher code is usable while it has credit and has not expired. */
export function voucherUsable(voucher: IssuedVoucherRow, now: Date): boolean {
  return voucher.balanceCents > 0 && (voucher.expiresAt === null || voucher.expiresAt > now);
}
