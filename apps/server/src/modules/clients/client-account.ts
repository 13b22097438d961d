import type { ClientAccount } from '@kassa/domain/contract/client';
import { centsToAmount } from '@kassa/domain/rules/money';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { withdrawalRefusal } from '@kassa/domain/rules/withdrawal';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  clientSubscriptions,
  orderLines,
  orders,
  products,
  subscriptionOrders,
  subscriptionPasses,
  subscriptions,
  tickets,
} from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { rebookLinkPath } from '../../tickets/rebook-link.ts';
import { purchaseUsed } from '../../engine/refunds/purchase-used.ts';
import { DISPLAYABLE_STATES } from '../../lib/displayable.ts';
import { passProfile } from './pass-profile.ts';

/** Orders shown on My account: the latest this many. */
const ORDER_LIMIT = 50;

/** Whether a holding can be renewed (decision 0122): a physical subscription the shop still offers. */
export function isRenewable(subscription: { type: string; state: string }): boolean {
  return subscription.type === 'PHYSICAL' && DISPLAYABLE_STATES.includes(subscription.state as never);
}

/** My account (decision 0122): every subscription the client holds with its passes, and their orders. */
export async function clientAccount(
  db: Db,
  ctx: ShopContext,
  clientId: number,
  now: Date,
): Promise<ClientAccount> {
  const zone = ctx.organisation.timeZone;
  const today = calendarDateAt(now, zone);
  const held = await db
    .select({
      id: clientSubscriptions.id,
      availableRedemptions: clientSubscriptions.availableRedemptions,
      expiresAt: clientSubscriptions.expiresAt,
      renewalHash: clientSubscriptions.renewalHash,
      subscription: {
        id: subscriptions.id,
        slug: subscriptions.slug,
        title: subscriptions.title,
        type: subscriptions.type,
        state: subscriptions.state,
      },
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(eq(clientSubscriptions.clientId, clientId))
    .orderBy(desc(clientSubscriptions.expiresAt), asc(clientSubscriptions.id));
  const passes = held.length
    ? await db
        .select()
        .from(subscriptionPasses)
        .where(
          inArray(
            subscriptionPasses.clientSubscriptionId,
            held.map((row) => row.id),
          ),
        )
        .orderBy(asc(subscriptionPasses.id))
    : [];

  const orderRows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.organisationId, ctx.organisation.id)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIMIT);
  const orderIds = orderRows.map((row) => row.id);
  const [lines, ticketRows] = orderIds.length
    ? await Promise.all([
        db
          .select({
            orderId: orderLines.orderId,
            kind: orderLines.kind,
            product: products.title,
            subscription: subscriptions.title,
          })
          .from(orderLines)
          .leftJoin(products, eq(products.id, orderLines.productId))
          .leftJoin(subscriptions, eq(subscriptions.id, orderLines.subscriptionId))
          .where(inArray(orderLines.orderId, orderIds))
          .orderBy(asc(orderLines.id)),
        db
          .selectDistinct({ orderId: tickets.orderId })
          .from(tickets)
          .where(inArray(tickets.orderId, orderIds)),
      ])
    : [[], []];
  const withTickets = new Set(ticketRows.map((row) => row.orderId));
  // A renewal extends a holding: no self-service withdrawal (decision 0254).
  const passOrderIds = orderRows.filter((row) => row.kind === 'SUBSCRIPTION').map((row) => row.id);
  const renewals = new Set(
    passOrderIds.length
      ? (
          await db
            .select({
              orderId: subscriptionOrders.orderId,
              renews: subscriptionOrders.renewsClientSubscriptionId,
            })
            .from(subscriptionOrders)
            .where(inArray(subscriptionOrders.orderId, passOrderIds))
        ).flatMap((row) => (row.renews != null ? [row.orderId] : []))
      : [],
  );

  return {
    subscriptions: held.map((row) => ({
      id: row.id,
      subscription: {
        id: row.subscription.id,
        slug: row.subscription.slug,
        title: ctx.text(row.subscription.title),
      },
      type: row.subscription.type,
      available_redemptions: row.availableRedemptions,
      expiration: calendarDateAt(row.expiresAt, zone),
      expired: row.expiresAt <= now,
      renewal: isRenewable(row.subscription) ? row.renewalHash : null,
      passes: passes
        .filter((pass) => pass.clientSubscriptionId === row.id)
        .map((pass) => passProfile(pass, today)),
    })),
    orders: await Promise.all(
      orderRows.map(async (row) => {
        const named = lines.find((line) => line.orderId === row.id && (line.product || line.subscription));
        return {
          reference: row.reference,
          hash: row.hash,
          kind: row.kind,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          title: ctx.text(named?.product ?? named?.subscription ?? {}),
          total: centsToAmount(row.totalCents),
          tickets: withTickets.has(row.id),
          rebook: await rebookLinkPath(db, row.id, now),
          // Not offered once something was used: the withdrawal would refuse it.
          withdraw:
            withdrawalRefusal({ ...row, renewal: renewals.has(row.id) }, now, zone) === null &&
            !(await purchaseUsed(db, row))
              ? `/withdraw/${encodeURIComponent(row.hash)}`
              : null,
        };
      }),
    ),
  };
}
