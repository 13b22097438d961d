import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clientSubscriptions, coupons, orderLines, orderRedemptions } from '../../db/schema.ts';
import { spendVoucherCredit, useCoupon } from '../booking/spend-discounts.ts';
import type { OrderRow } from './find-order.ts';

/**
 * Spends again what giveBackDiscounts returned when the order expired: its
 * voucher credit, its coupon use and its subscription redemptions, each
 * with the same conditional update a booking uses. False as soon as one is
 * no longer there (the credit spent elsewhere meanwhile, the coupon used
 * up, the pass's redemptions taken); the caller then rolls back what this
 * call did already (it runs in a savepoint), so nothing is half-spent.
 */
export async function respendDiscounts(tx: Tx, order: OrderRow): Promise<boolean> {
  const orderId = order.id;
  const credits = await tx
    .select({ voucherId: orderLines.issuedVoucherId, cents: sql<number>`sum(${orderLines.totalCents})::int` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.issuedVoucherId)))
    .groupBy(orderLines.issuedVoucherId);
  for (const credit of credits) {
    if (!(await spendVoucherCredit(tx, credit.voucherId!, Number(credit.cents)))) return false;
  }

  if (order.couponCodes.length > 0) {
    const used = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(and(eq(coupons.organisationId, order.organisationId), inArray(coupons.code, order.couponCodes)));
    for (const coupon of used) {
      if (!(await useCoupon(tx, coupon.id))) return false;
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
