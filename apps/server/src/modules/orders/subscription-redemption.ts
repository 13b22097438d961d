import { subscriptionEligibility } from '@kassa/domain/rules/eligibility';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { clientSubscriptions, orderRedemptions, subscriptions } from '../../db/schema.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { PricedItem } from './price-items.ts';

/** Redemptions a booking takes from a client subscription. */
export interface Redemption {
  clientSubscriptionId: number;
  /** Redemptions to take; 0 for unlimited passes. */
  count: number;
}

const REASON_INFO = {
  NO_TOKEN: 'No subscription was given.',
  NOT_ONLINE: 'This subscription is not redeemed online.',
  PRODUCT_NOT_INCLUDED: 'This product is not included in the subscription.',
  NOT_ENOUGH_REDEMPTIONS: 'The subscription has not enough redemptions left.',
  EXPIRED: 'The subscription has expired.',
  UNKNOWN: 'The subscription was not found.',
} as const;

/**
 * Checks a subscription token sent with a cart item against the domain
 * eligibility rule (docs/storefront.md §5.8) and, when it is eligible, makes
 * the item's tickets free: the pass pays for them. Upsells are still charged.
 * Only the logged-in client who holds the subscription redeems it
 * (docs/storefront.md §6.2): a token alone is no bearer key, so another
 * client's or an anonymous visitor's request answers as if the token were
 * unknown.
 */
export async function redeemSubscription(
  db: Db,
  organisationId: number,
  clientId: number | undefined,
  token: string,
  item: PricedItem,
  now: Date,
): Promise<{ item: PricedItem; redemption: Redemption }> {
  if (clientId === undefined) throw orderErrors.subscriptionNotEligible(REASON_INFO.UNKNOWN);
  const [row] = await db
    .select({
      id: clientSubscriptions.id,
      token: clientSubscriptions.token,
      availableRedemptions: clientSubscriptions.availableRedemptions,
      expiresAt: clientSubscriptions.expiresAt,
      type: subscriptions.type,
      productIds: subscriptions.productIds,
    })
    .from(clientSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, clientSubscriptions.subscriptionId))
    .where(
      and(
        eq(clientSubscriptions.token, token),
        eq(clientSubscriptions.clientId, clientId),
        eq(subscriptions.organisationId, organisationId),
      ),
    )
    .limit(1);
  if (!row) throw orderErrors.subscriptionNotEligible(REASON_INFO.UNKNOWN);
  if (row.expiresAt <= now) throw orderErrors.subscriptionNotEligible(REASON_INFO.EXPIRED);
  const eligibility = subscriptionEligibility(
    {
      token: row.token,
      type: row.type,
      available_redemptions: row.availableRedemptions,
      subscription: { products: row.productIds },
    },
    item.product.id,
    item.seats,
  );
  if (!eligibility.eligible) throw orderErrors.subscriptionNotEligible(REASON_INFO[eligibility.reason]);
  const lines = item.lines.map((line) =>
    line.kind === 'PRODUCT' ? { ...line, unitPriceCents: 0, totalCents: 0 } : line,
  );
  return {
    item: { ...item, lines, subtotalCents: lines.reduce((sum, line) => sum + line.totalCents, 0) },
    redemption: { clientSubscriptionId: row.id, count: row.availableRedemptions === -1 ? 0 : item.seats },
  };
}

/**
 * Takes the redemptions inside the booking transaction; a conditional
 * update, so two orders cannot spend the last redemption twice. Each is
 * recorded on the order (order_redemptions), so an order that expires
 * unpaid gives exactly these back (giveBackDiscounts). An unlimited pass
 * takes nothing but is recorded too, with a count of 0: the booking used
 * it, which a withdrawal must see (decision 0254).
 */
export async function takeRedemptions(
  tx: Tx,
  orderId: number,
  redemptions: readonly Redemption[],
): Promise<void> {
  for (const redemption of redemptions) {
    if (redemption.count === 0) {
      await tx
        .insert(orderRedemptions)
        .values({ orderId, clientSubscriptionId: redemption.clientSubscriptionId, count: 0 });
      continue;
    }
    const taken = await tx
      .update(clientSubscriptions)
      .set({ availableRedemptions: sql`${clientSubscriptions.availableRedemptions} - ${redemption.count}` })
      .where(
        and(
          eq(clientSubscriptions.id, redemption.clientSubscriptionId),
          gte(clientSubscriptions.availableRedemptions, redemption.count),
        ),
      )
      .returning({ id: clientSubscriptions.id });
    if (taken.length === 0) throw orderErrors.subscriptionNotEligible(REASON_INFO.NOT_ENOUGH_REDEMPTIONS);
    await tx
      .insert(orderRedemptions)
      .values({ orderId, clientSubscriptionId: redemption.clientSubscriptionId, count: redemption.count });
  }
}
