import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audiences,
  clientGroupMembers,
  subscriptions,
  subscriptionUpsells,
  upsells,
} from '../../db/schema.ts';
import { offeredItem } from '../../lib/displayable.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionAudienceRow = typeof audiences.$inferSelect;
export type UpsellRow = typeof upsells.$inferSelect;

export async function viewerGroups(db: Db, clientId: number | undefined): Promise<number[]> {
  if (clientId === undefined) return [];
  const rows = await db
    .select({ id: clientGroupMembers.groupId })
    .from(clientGroupMembers)
    .where(eq(clientGroupMembers.clientId, clientId));
  return rows.map((row) => row.id);
}

/** A subscription this viewer may order, with its audiences and upsells; undefined when it is not offered. */
export async function loadSubscription(
  db: Db,
  organisationId: number,
  subscriptionId: number,
  viewerGroupIds: readonly number[],
) {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.id, subscriptionId), offeredItem(subscriptions, organisationId, viewerGroupIds)),
    );
  if (!subscription) return undefined;
  const [audienceRows, upsellRows] = await Promise.all([
    db
      .select()
      .from(audiences)
      .where(eq(audiences.subscriptionId, subscription.id))
      .orderBy(asc(audiences.sort), asc(audiences.id)),
    db
      .select({ upsell: upsells })
      .from(subscriptionUpsells)
      .innerJoin(upsells, eq(upsells.id, subscriptionUpsells.upsellId))
      .where(eq(subscriptionUpsells.subscriptionId, subscription.id)),
  ]);
  return {
    subscription,
    audiences: audienceRows,
    upsells: new Map(upsellRows.map((row) => [row.upsell.id, row.upsell])),
  };
}
export type OrderableSubscription = NonNullable<Awaited<ReturnType<typeof loadSubscription>>>;
