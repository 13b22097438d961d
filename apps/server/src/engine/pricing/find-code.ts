import { normaliseCouponCode } from '@kassa/domain/rules/coupons';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, type issuedVouchers } from '../../db/schema.ts';
import { findIssuedVoucher } from './find-issued-voucher.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type IssuedVoucherRow = typeof issuedVouchers.$inferSelect;

/** A typed code resolved: a shop coupon, a sold voucher code, or nothing. */
export type FoundCode =
  | { kind: 'COUPON'; coupon: CouponRow }
  | { kind: 'VOUCHER'; voucher: IssuedVoucherRow }
  | { kind: 'UNKNOWN' };

/**
 * Looks a code up as a coupon (stored uppercase) and then as a sold voucher
 * code (compared without case, spaces or dashes, on the normalised index).
 */
export async function findCode(db: Db | Tx, organisationId: number, code: string): Promise<FoundCode> {
  const couponCode = normaliseCouponCode(code);
  if (couponCode === '') return { kind: 'UNKNOWN' };
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.organisationId, organisationId), eq(coupons.code, couponCode)))
    .limit(1);
  if (coupon) return { kind: 'COUPON', coupon };
  const voucher = await findIssuedVoucher(db, organisationId, code);
  return voucher ? { kind: 'VOUCHER', voucher } : { kind: 'UNKNOWN' };
}
