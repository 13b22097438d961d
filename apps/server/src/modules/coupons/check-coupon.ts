import type { CouponRequest, CouponResult } from '@kassa/domain/contract/coupon';
import { dedupeCouponCodes, normaliseCouponCode } from '@kassa/domain/rules/coupons';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { couponResult, voucherResult } from './coupon-dto.ts';
import { couponNotCombinable, couponNotValid } from '../../engine/pricing/coupon-errors.ts';
import { couponProblem, voucherUsable } from '../../engine/pricing/coupon-problem.ts';
import { findCode } from '../../engine/pricing/find-code.ts';

export interface CouponCheck {
  organisationId: number;
  request: CouponRequest;
  /**
   * The client proven by the request's bearer token: null for an unknown
   * token, undefined without one. The body's client_id is never believed
   * (decision 0103): anyone can type a number.
   */
  viewerClientId: number | null | undefined;
  now: Date;
}

/** POST /api/coupon: the code's terms for what is being ordered, or a COUPON_ error. */
export async function checkCoupon(db: Db, check: CouponCheck): Promise<CouponResult> {
  const { request, organisationId, now } = check;
  const code = normaliseCouponCode(request.code);
  const applied = dedupeCouponCodes(request.coupons);
  if (applied.includes(code)) {
    throw new AppError(
      400,
      'COUPON_ALREADY_APPLIED',
      `Code ${code} is already applied`,
      'This code is already applied.',
    );
  }
  const found = await findCode(db, organisationId, request.code);
  if (found.kind === 'UNKNOWN') throw couponNotValid(code);
  if (found.kind === 'VOUCHER') {
    if (!voucherUsable(found.voucher, now)) throw couponNotValid(code);
    return voucherResult(found.voucher);
  }
  const target =
    request.type === 'PRODUCT' ? { products: request.product } : { subscription: request.subscription };
  const problem = couponProblem(found.coupon, target, check.viewerClientId ?? null, now);
  if (problem) throw couponNotValid(code, problem);
  for (const other of applied) {
    const appliedCode = await findCode(db, organisationId, other);
    if (appliedCode.kind === 'COUPON') throw couponNotCombinable(code);
  }
  return couponResult(found.coupon);
}
