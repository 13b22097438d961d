import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  clientSubscriptions,
  orderLines,
  orders,
  subscriptionOrders,
  subscriptionPasses,
  subscriptions,
} from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import { enqueueMail } from '../../outbox/enqueue-mail.ts';
import { passesMailKind } from './passes-mail-kind.ts';
import type { FulfilContext, FulfilledOrder } from '../../engine/order-kind.ts';

const DAY_MS = 24 * 3600_000;

/** The outbox key of an order's passes mail: one per order, however often it is settled. */
export function passesMailKey(orderId: number): string {
  return `PASSES:${orderId}`;
}

/** Pass holders' names: the buyer's for the first pass, numbered after it. */
function holderName(buyer: string, index: number): string {
  return index === 0 ? buyer : `${buyer} (${index + 1})`;
}

/**
 * A subscription order's fulfilment (decision 0121), inside the settling
 * transaction. Claimed once with fulfilled_at (and a new holding is unique
 * per order), so a replayed webhook or a second settlement makes nothing
 * twice. A new subscription: the holding with its redemptions and expiry,
 * and for a PHYSICAL one a pass per person with its holder's profile. A
 * renewal: the same holding and passes, its expiry moved on by the
 * validity from the later of now and the old expiry, its redemptions topped
 * up. Then the passes mail, queued once.
 */
export async function fulfilSubscriptionOrder(
  tx: Tx,
  order: FulfilledOrder,
  context: FulfilContext,
): Promise<void> {
  const [claimed] = await tx
    .update(subscriptionOrders)
    .set({ fulfilledAt: context.now })
    .where(and(eq(subscriptionOrders.orderId, order.id), isNull(subscriptionOrders.fulfilledAt)))
    .returning();
  if (!claimed) return;
  const [row] = await tx
    .select({ clientId: orders.clientId, customer: orders.customer, subscription: subscriptions })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.id, claimed.subscriptionId))
    .where(eq(orders.id, order.id));
  if (!row?.clientId) throw new Error(`Subscription order ${order.id} has no client`);
  const { subscription } = row;
  const lines = await tx
    .select({ audienceId: orderLines.audienceId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'SUBSCRIPTION')))
    .orderBy(asc(orderLines.id));
  const people = lines.reduce((sum, line) => sum + line.quantity, 0);
  const redemptions = subscription.redemptions === -1 ? -1 : subscription.redemptions * Math.max(people, 1);
  const validityMs = subscription.validityDays * DAY_MS;

  if (claimed.renewsClientSubscriptionId !== null) {
    await tx
      .update(clientSubscriptions)
      .set({
        expiresAt: sql`greatest(${clientSubscriptions.expiresAt}, ${context.now.toISOString()}::timestamptz) + ${`${subscription.validityDays} days`}::interval`,
        availableRedemptions:
          redemptions === -1
            ? -1
            : sql`greatest(${clientSubscriptions.availableRedemptions}, 0) + ${redemptions}`,
      })
      .where(eq(clientSubscriptions.id, claimed.renewsClientSubscriptionId));
  } else {
    const [holding] = await tx
      .insert(clientSubscriptions)
      .values({
        clientId: row.clientId,
        subscriptionId: subscription.id,
        orderId: order.id,
        token: secretToken(),
        renewalHash: secretToken(),
        availableRedemptions: redemptions,
        expiresAt: new Date(context.now.getTime() + validityMs),
        createdAt: context.now,
      })
      .onConflictDoNothing({ target: clientSubscriptions.orderId })
      .returning({ id: clientSubscriptions.id });
    if (!holding) return;
    if (subscription.type === 'PHYSICAL') {
      const buyer = `${row.customer.first_name} ${row.customer.last_name}`.trim();
      const audiencesPerPerson = lines.flatMap((line) =>
        Array.from({ length: line.quantity }, () => line.audienceId),
      );
      if (audiencesPerPerson.length > 0) {
        await tx.insert(subscriptionPasses).values(
          audiencesPerPerson.map((audienceId, index) => ({
            clientSubscriptionId: holding.id,
            audienceId,
            fullName: holderName(buyer, index),
          })),
        );
      }
    }
  }
  await enqueueMail(
    tx,
    {
      kind: passesMailKind,
      organisationId: order.organisationId,
      payload: { orderId: order.id, baseUrl: context.baseUrl },
      dedupeKey: passesMailKey(order.id),
    },
    context.now,
  );
}
