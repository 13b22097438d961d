import type { CreateSubscriptionOrderRequest } from '@kassa/domain/contract/subscription-order';
import { AUDIENCE_QUANTITY_MAX } from '@kassa/domain/rules/constants';
import { couponDiscountByLine } from '@kassa/domain/rules/coupons';
import { subscriptionTotal, type TotalBreakdown } from '@kassa/domain/rules/totals';
import type { CouponRow } from '../../engine/pricing/find-code.ts';
import type { NewOrderLine } from '../../engine/pricing/order-lines.ts';
import { orderErrors } from '../../engine/placement/order-errors.ts';
import type { AdditionRow } from '../../engine/pricing/order-pricing.ts';
import { upsellLines } from '../orders/upsell-lines.ts';
import type { OrderableSubscription } from './load-subscription.ts';

export interface PricedSubscription {
  lines: NewOrderLine[];
  totals: TotalBreakdown;
  /** People the order is for: one pass each for a physical subscription. */
  people: number;
}

type Line = Omit<NewOrderLine, 'itemIndex'>;

/**
 * What the order buys, at the shop's prices: a physical subscription per
 * audience (0 to 10 each, docs/storefront.md §5.6), an online one per
 * subscription price; a renewal its passes, each at its audience's price.
 */
function subscriptionLines(
  offer: OrderableSubscription,
  request: CreateSubscriptionOrderRequest,
  renewedAudiences: readonly (number | null)[] | null,
): Line[] {
  const { subscription } = offer;
  const base = { kind: 'SUBSCRIPTION' as const, subscriptionId: subscription.id };
  const label = `Subscription ${subscription.id}`;
  const priceOf = (audienceId: number | null) =>
    offer.audiences.find((audience) => audience.id === audienceId)?.priceCents ?? subscription.priceCents;
  if (renewedAudiences) {
    const counts = new Map<number | null, number>();
    for (const audienceId of renewedAudiences) counts.set(audienceId, (counts.get(audienceId) ?? 0) + 1);
    return [...counts].map(([audienceId, quantity]) => ({
      ...base,
      audienceId,
      quantity,
      unitPriceCents: priceOf(audienceId),
      totalCents: priceOf(audienceId) * quantity,
    }));
  }
  if (subscription.type !== 'PHYSICAL' || offer.audiences.length === 0) {
    const quantity = subscription.type === 'PHYSICAL' ? (request.subscription.quantity ?? 1) : 1;
    if (quantity < 1 || quantity > AUDIENCE_QUANTITY_MAX) throw orderErrors.invalidQuantity(label);
    return [
      {
        ...base,
        audienceId: null,
        quantity,
        unitPriceCents: subscription.priceCents,
        totalCents: subscription.priceCents * quantity,
      },
    ];
  }
  const lines: Line[] = [];
  for (const chosen of Object.values(request.audiences)) {
    const audience = offer.audiences.find((row) => row.id === chosen.id);
    if (!audience || chosen.quantity > AUDIENCE_QUANTITY_MAX) throw orderErrors.invalidQuantity(label);
    if (chosen.quantity === 0) continue;
    lines.push({
      ...base,
      audienceId: audience.id,
      quantity: chosen.quantity,
      unitPriceCents: audience.priceCents,
      totalCents: audience.priceCents * chosen.quantity,
    });
  }
  if (lines.length === 0) throw orderErrors.invalidQuantity(label);
  return lines;
}

/**
 * The server's price of a subscription order (docs/storefront.md §9.3,
 * subscription total): the coupon discounts the subscription lines (never
 * upsells) and is capped at the subtotal; type 0 additions only when something
 * is left to pay.
 */
export function priceSubscription(
  offer: OrderableSubscription,
  request: CreateSubscriptionOrderRequest,
  renewedAudiences: readonly (number | null)[] | null,
  coupon: CouponRow | null,
  additions: readonly AdditionRow[],
): PricedSubscription {
  const bought = subscriptionLines(offer, request, renewedAudiences);
  const extras = upsellLines(
    Object.values(request.upsells),
    offer.upsells,
    `Subscription ${offer.subscription.id}`,
  ).map((line) => ({ ...line, subscriptionId: offer.subscription.id }));
  const subtotalCents = [...bought, ...extras].reduce((sum, line) => sum + line.totalCents, 0);
  const couponCents = coupon
    ? [
        ...couponDiscountByLine(
          { kind: coupon.kind, value: coupon.value, maxTicketAmount: coupon.maxTicketAmount },
          bought.map((line, index) => ({
            key: String(index),
            unitPriceCents: line.unitPriceCents,
            quantity: line.quantity,
          })),
        ).values(),
      ].reduce((sum, cents) => sum + cents, 0)
    : 0;
  const newBooking = additions.filter((addition) => addition.type === 0);
  const totals = subscriptionTotal({
    subtotalCents,
    discountCents: couponCents,
    additions: newBooking.map((addition) => ({ amountCents: addition.amountCents, type: addition.type })),
  });
  const lines: NewOrderLine[] = [...bought, ...extras].map((line) => ({ itemIndex: 0, ...line }));
  if (totals.discountCents > 0) {
    lines.push({
      itemIndex: 0,
      kind: 'DISCOUNT',
      subscriptionId: offer.subscription.id,
      quantity: 1,
      unitPriceCents: totals.discountCents,
      totalCents: totals.discountCents,
    });
  }
  if (totals.additionsCents > 0) {
    for (const addition of newBooking) {
      lines.push({
        itemIndex: 0,
        kind: 'ADDITION',
        quantity: 1,
        unitPriceCents: addition.amountCents,
        totalCents: addition.amountCents,
      });
    }
  }
  return { lines, totals, people: bought.reduce((sum, line) => sum + line.quantity, 0) };
}
