import type { SubscriptionDetail } from '@kassa/domain/contract/catalog';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { audiencesOf } from './audiences.ts';
import type { CatalogViewer } from './catalog-viewer.ts';
import { offeredItem } from '../../lib/displayable.ts';
import { subscriptionSummaryColumns, toSubscriptionSummary } from './subscription-summary.ts';

const subscriptionDetailColumns = {
  ...subscriptionSummaryColumns,
  productIds: subscriptions.productIds,
  redemptions: subscriptions.redemptions,
  validityDays: subscriptions.validityDays,
};

async function offeredSubscriptionRow(db: Db, viewer: CatalogViewer, id: number) {
  const [row] = await db
    .select(subscriptionDetailColumns)
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), offeredItem(subscriptions, viewer.organisation.id, viewer.groupIds)))
    .limit(1);
  if (!row) throw notFound('SUBSCRIPTION_NOT_FOUND', 'Subscription not found');
  return row;
}

/** 404 SUBSCRIPTION_NOT_FOUND unless this viewer may see the subscription. */
export async function assertSubscriptionOffered(db: Db, viewer: CatalogViewer, id: number): Promise<void> {
  await offeredSubscriptionRow(db, viewer, id);
}

/** Everything the subscription order flow needs up front (docs/storefront.md §3.6). */
export async function getSubscription(
  db: Db,
  viewer: CatalogViewer,
  id: number,
): Promise<SubscriptionDetail> {
  const [row, audiences] = await Promise.all([
    offeredSubscriptionRow(db, viewer, id),
    audiencesOf(db, viewer, { subscriptionId: id }),
  ]);
  return {
    ...toSubscriptionSummary(row, viewer),
    full: true,
    audiences,
    products: row.productIds,
    redemptions: row.redemptions,
    validity_days: row.validityDays,
  };
}
