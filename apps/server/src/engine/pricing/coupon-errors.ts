import { AppError } from '../../lib/errors.ts';
import type { CouponProblem } from './coupon-problem.ts';

/**
 * error_info the storefront shows as is (docs/storefront.md §8.3, coupon
 * check). Unknown codes and spent or expired voucher codes get no info at all,
 * so a guesser cannot tell a real voucher code from a made-up one.
 */
const PROBLEM_INFO: Partial<Record<CouponProblem, string>> = {
  NOT_YET_VALID: 'This code is not valid yet.',
  EXPIRED: 'This code has expired.',
  USED_UP: 'This code has been used up.',
  NOT_FOR_THESE_PRODUCTS: 'This code is not valid for these products.',
  NOT_FOR_THIS_SUBSCRIPTION: 'This code is not valid for this subscription.',
  NOT_FOR_VOUCHERS: 'This code is not valid for gift vouchers.',
};

/**
 * 400 COUPON_NOT_VALID, with error_info when the problem is worth telling.
 * The message never names the code, and a client-only coupon tried by
 * someone else answers like an unknown code (decision 0102: one uniform answer).
 */
export function couponNotValid(_code: string, problem?: CouponProblem): AppError {
  return new AppError(
    400,
    'COUPON_NOT_VALID',
    'This code is not valid',
    problem ? PROBLEM_INFO[problem] : undefined,
  );
}

/** Only one shop coupon per order; voucher codes combine freely. */
export function couponNotCombinable(code: string): AppError {
  return new AppError(
    400,
    'COUPON_NOT_COMBINABLE',
    `Code ${code} cannot be combined with another coupon`,
    'Only one coupon can be used per order.',
  );
}
