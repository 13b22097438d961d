import { and, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientSubscriptions,
  coupons,
  issuedVouchers,
  orderLines,
  orderRedemptions,
  orders,
} from '../../db/schema.ts';

/**
 * Spends again what giveBackDiscounts returned when the order expired: its
 * voucher credit, its coupon use and its subscription redemptions, each
 * with the same conditional update a booking uses. False as soon as one is
 * no longer there (the credit spent elsewhere meanwhile, the coupon used
 * up, the pass's redemptions taken); the caller then rolls back what this
 * call did already (it runs in a savepoint), so nothing is half-spent.
 */
export async function respendDiscounts(tx: Tx, orderId: number): Promise<boolean> {
  const credits = await tx
    .select({ voucherId: orderLines.issuedVoucherId, cents: sql<number>`sum(${orderLines.totalCents})::int` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.issuedVoucherId)))
    .groupBy(orderLines.issuedVoucherId);
  for (const credit of credits) {
    const cents = Number(credit.cents);
    const spent = await tx
      .update(issuedVouchers)
      .set({ balanceCents: sql`${issuedVouchers.balanceCents} - ${cents}` })
      .where(and(eq(issuedVouchers.id, credit.voucherId!), gte(issuedVouchers.balanceCents, cents)))
      .returning({ id: issuedVouchers.id });
    if (spent.length === 0) return false;
  }

  const [order] = await tx
    .select({ organisationId: orders.organisationId, codes: orders.couponCodes })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order && order.codes.length > 0) {
    const used = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.organisationId, order.organisationId), inArray(coupons.code, order.codes)));
    for (const coupon of used) {
      const taken = await tx
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses))))
        .returning({ id: coupons.id });
      if (taken.length === 0) return false;
    }
  }

  const redemptions = await tx
    .select({
      clientSubscriptionId: orderRedemptions.clientSubscriptionId,
      count: sql<number>`sum(${orderRedemptions.count})::int`,
    })
    .from(orderRedemptions)
    .where(eq(orderRedemptions.orderId, orderId))
    .groupBy(orderRedemptions.clientSubscriptionId);
  for (const redemption of redemptions) {
    const count = Number(redemption.count);
    const taken = await tx
      .update(clientSubscriptions)
      .set({
        availableRedemptions: sql`CASE WHEN ${clientSubscriptions.availableRedemptions} = -1 THEN -1
          ELSE ${clientSubscriptions.availableRedemptions} - ${count} END`,
      })
      .where(
        and(
          eq(clientSubscriptions.id, redemption.clientSubscriptionId),
          or(
            gte(clientSubscriptions.availableRedemptions, count),
            // Made unlimited meanwhile: nothing to take (the give-back skipped it too).
            eq(clientSubscriptions.availableRedemptions, -1),
          ),
        ),
      )
      .returning({ id: clientSubscriptions.id });
    if (taken.length === 0) return false;
  }
  return true;
}
