import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admissions,
  clientSubscriptions,
  issuedVouchers,
  orderRedemptions,
  orders,
  subscriptionPasses,
} from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Whether a code of the order was spent from or ended, or its pass let in
 * or redeemed by a booking: read without locks, to tell the buyer before
 * they try (the withdrawal page, My account). The withdrawal itself checks
 * again under the locks that end the codes or passes.
 */
export async function purchaseUsed(db: Db | Tx, order: Pick<OrderRow, 'id' | 'kind'>): Promise<boolean> {
  if (order.kind === 'VOUCHER') {
    const [spent] = await db
      .select({ id: issuedVouchers.id })
      .from(issuedVouchers)
      .where(
        and(
          eq(issuedVouchers.orderId, order.id),
          or(ne(issuedVouchers.balanceCents, issuedVouchers.initialCents), isNotNull(issuedVouchers.withdrawnAt)),
        ),
      )
      .limit(1);
    return spent !== undefined;
  }
  if (order.kind !== 'SUBSCRIPTION') return false;
  const holdings = await db
    .select({ id: clientSubscriptions.id })
    .from(clientSubscriptions)
    .where(eq(clientSubscriptions.orderId, order.id));
  return holdings.length > 0 && passesUsed(db, holdings.map((holding) => holding.id));
}

/** Whether a booking (not given up) redeemed one of these subscriptions, or the door let one of their passes in. */
export async function passesUsed(db: Db | Tx, clientSubscriptionIds: number[]): Promise<boolean> {
  const [redeemed] = await db
    .select({ id: orderRedemptions.id })
    .from(orderRedemptions)
    .innerJoin(orders, eq(orders.id, orderRedemptions.orderId))
    .where(
      and(
        inArray(orderRedemptions.clientSubscriptionId, clientSubscriptionIds),
        notInArray(orders.status, ['CANCELLED', 'EXPIRED']),
      ),
    )
    .limit(1);
  if (redeemed) return true;
  const [admitted] = await db
    .select({ id: admissions.id })
    .from(admissions)
    .innerJoin(subscriptionPasses, eq(subscriptionPasses.id, admissions.passId))
    .where(
      and(
        inArray(subscriptionPasses.clientSubscriptionId, clientSubscriptionIds),
        isNull(admissions.undoneAt),
        isNull(admissions.duplicateOf),
      ),
    )
    .limit(1);
  return admitted !== undefined;
}
