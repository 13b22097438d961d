import { dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import type { Db } from '../../db/client.ts';
import { couponNotCombinable, couponNotValid } from './coupon-errors.ts';
import { couponProblem, voucherUsable, type CouponTarget } from './coupon-problem.ts';
import { findCode, type CouponRow, type IssuedVoucherRow } from './find-code.ts';

/** The codes of an order, re-validated server-side: at most one coupon, any number of vouchers. */
export interface OrderCodes {
  codes: string[];
  coupon: CouponRow | null;
  vouchers: IssuedVoucherRow[];
}

/**
 * Resolves and re-checks every code sent with an order (duplicates dropped
 * case-insensitively): the same rules as POST /api/coupon, against what
 * the order buys and the client proven by the customer token.
 */
export async function resolveOrderCodes(
  db: Db,
  organisationId: number,
  rawCodes: readonly string[],
  target: CouponTarget,
  clientId: number | null,
  now: Date,
): Promise<OrderCodes> {
  const codes = dedupeCouponCodes(rawCodes);
  const found = await Promise.all(codes.map((code) => findCode(db, organisationId, code)));
  const result: OrderCodes = { codes, coupon: null, vouchers: [] };
  found.forEach((entry, index) => {
    const code = codes[index]!;
    if (entry.kind === 'UNKNOWN') throw couponNotValid(code);
    if (entry.kind === 'VOUCHER') {
      if (!voucherUsable(entry.voucher, now)) throw couponNotValid(code);
      result.vouchers.push(entry.voucher);
      return;
    }
    const problem = couponProblem(entry.coupon, target, clientId, now);
    if (problem) throw couponNotValid(code, problem);
    if (result.coupon) throw couponNotCombinable(code);
    result.coupon = entry.coupon;
  });
  return result;
}
