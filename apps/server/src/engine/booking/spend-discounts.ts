import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { coupons, issuedVouchers } from '../../db/schema.ts';

/**
 * Takes one use of a coupon, only while it has one left: the last use of a
 * limited coupon goes to one order only. False when it is used up.
 */
export async function useCoupon(tx: Tx, couponId: number): Promise<boolean> {
  const used = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, couponId), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
    .returning({ id: coupons.id });
  return used.length > 0;
}

/**
 * Spends `cents` of a sold voucher's credit, only while the balance covers
 * it: two orders cannot spend the same credit. False when it does not.
 */
export async function spendVoucherCredit(tx: Tx, voucherId: number, cents: number): Promise<boolean> {
  const spent = await tx
    .update(issuedVouchers)
    .set({ balanceCents: sql`${issuedVouchers.balanceCents} - ${cents}` })
    .where(and(eq(issuedVouchers.id, voucherId), gte(issuedVouchers.balanceCents, cents)))
    .returning({ id: issuedVouchers.id });
  return spent.length > 0;
}
