/**
 * Subscription redemption eligibility of docs/storefront.md §5.8: which of a
 * client's subscriptions may pay for a product order.
 */

export interface RedeemableSubscription {
  /** Secret the storefront sends to redeem; without one nothing can be redeemed. */
  token: string | null | undefined;
  /** PHYSICAL passes are shown at the door; only online ones are redeemed in the shop. */
  type: string;
  /** Redemptions left; -1 is unlimited. */
  available_redemptions: number;
  subscription: { products: readonly number[] };
}

export type IneligibleReason = 'NO_TOKEN' | 'NOT_ONLINE' | 'PRODUCT_NOT_INCLUDED' | 'NOT_ENOUGH_REDEMPTIONS';

export type Eligibility = { eligible: true } | { eligible: false; reason: IneligibleReason };

/**
 * A subscription is eligible when its token is present, its type is online,
 * the product is included, and redemptions suffice — or are unlimited (-1)
 * with quantity 1.
 */
export function subscriptionEligibility(
  subscription: RedeemableSubscription,
  productId: number,
  quantity: number,
): Eligibility {
  if (!subscription.token) return { eligible: false, reason: 'NO_TOKEN' };
  if (subscription.type === 'PHYSICAL') return { eligible: false, reason: 'NOT_ONLINE' };
  if (!subscription.subscription.products.includes(productId)) {
    return { eligible: false, reason: 'PRODUCT_NOT_INCLUDED' };
  }
  const redemptions = subscription.available_redemptions;
  const enough = redemptions === -1 ? quantity === 1 : quantity > 0 && redemptions >= quantity;
  return enough ? { eligible: true } : { eligible: false, reason: 'NOT_ENOUGH_REDEMPTIONS' };
}

/** Convenience for lists: eligible or not. */
export function isSubscriptionEligible(
  subscription: RedeemableSubscription,
  productId: number,
  quantity: number,
): boolean {
  return subscriptionEligibility(subscription, productId, quantity).eligible;
}

/** The first eligible subscription, which the product flow preselects. */
export function firstEligibleSubscription<T extends RedeemableSubscription>(
  subscriptions: readonly T[],
  productId: number,
  quantity: number,
): T | undefined {
  return subscriptions.find((subscription) => isSubscriptionEligible(subscription, productId, quantity));
}

/** Where a client's pass is used: ONLINE ones pay for orders in the shop, AT_DOOR ones are shown at the entrance. */
export type PassRedemption = 'ONLINE' | 'AT_DOOR';

/** Only online passes are redeemed in the shop; a physical pass is shown at the door. */
export function passRedemption(type: 'PHYSICAL' | 'ONLINE'): PassRedemption {
  return type === 'PHYSICAL' ? 'AT_DOOR' : 'ONLINE';
}

export interface HeldPass {
  redeem: PassRedemption;
  subscription: { title: string; products: readonly number[] };
}

/**
 * The titles (each once) of the client's passes that cover the product but
 * are shown at the door: they cannot pay here, so a holder who orders pays
 * full price, and the shop says why (decision 0193).
 */
export function passesShownAtTheDoor(passes: readonly HeldPass[], productId: number): string[] {
  const titles = passes
    .filter((pass) => pass.redeem === 'AT_DOOR' && pass.subscription.products.includes(productId))
    .map((pass) => pass.subscription.title);
  return [...new Set(titles)];
}
