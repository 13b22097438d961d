import type { SubscriptionDetail, Upsell } from '@kassa/domain/contract/catalog';
import type { CouponResult } from '@kassa/domain/contract/coupon';
import type { OrderCustomer } from '@kassa/domain/contract/orders';
import type { CreateSubscriptionOrderInput } from '@kassa/domain/contract/subscription-order';
import { AUDIENCE_QUANTITY_MAX, PASSWORD_MIN_LENGTH } from '@kassa/domain/rules/constants';
import { couponDiscountCents, couponTermsFromWire, dedupeCouponCodes } from '@kassa/domain/rules/coupons';
import { amountToCents } from '@kassa/domain/rules/money';
import { subscriptionTotal, type TotalBreakdown } from '@kassa/domain/rules/totals';
import type { ChosenUpsell } from '@/features/checkout/components/upsells-step';
import type { Renewal } from '@/lib/renewal-store';

/** The subscription order being put together (docs/storefront.md §3.9). */
export interface SubscriptionOrderState {
  /** Quantity per audience id; a non-physical subscription is one of it. */
  audiences: Record<string, number>;
  upsells: ChosenUpsell[];
}

/** Physical subscriptions start with empty audiences; non-physical ones with quantity 1 (docs/storefront.md §4.4). */
export function initialOrder(): SubscriptionOrderState {
  return { audiences: {}, upsells: [] };
}

/** A typed or stepped audience quantity kept within 0 to 10 (docs/storefront.md §5.6, §9.1). */
export function clampAudience(quantity: number): number {
  return Math.min(Math.max(Math.trunc(quantity) || 0, 0), AUDIENCE_QUANTITY_MAX);
}

export interface SummaryLine {
  label: string;
  quantity: number;
  amountCents: number;
}

/** The order's lines at the shop's prices: audiences (or the renewed passes, or one subscription), then upsells. */
export function orderLines(
  subscription: SubscriptionDetail,
  order: SubscriptionOrderState,
  upsells: readonly Upsell[],
  renewal: Renewal | null,
): { bought: SummaryLine[]; extras: SummaryLine[] } {
  const price = (audienceId: number | null) =>
    amountToCents(
      subscription.audiences.find((audience) => audience.id === audienceId)?.price ?? subscription.price,
    );
  const name = (audienceId: number | null) =>
    subscription.audiences.find((audience) => audience.id === audienceId)?.name ?? subscription.title;
  let bought: SummaryLine[];
  if (renewal) {
    const counts = new Map<number | null, number>();
    for (const pass of renewal.passes) counts.set(pass.audience, (counts.get(pass.audience) ?? 0) + 1);
    bought = [...counts].map(([audienceId, quantity]) => ({
      label: name(audienceId),
      quantity,
      amountCents: price(audienceId) * quantity,
    }));
  } else if (subscription.type !== 'PHYSICAL' || subscription.audiences.length === 0) {
    bought = [{ label: subscription.title, quantity: 1, amountCents: amountToCents(subscription.price) }];
  } else {
    bought = subscription.audiences
      .filter((audience) => (order.audiences[audience.id] ?? 0) > 0)
      .map((audience) => ({
        label: audience.name,
        quantity: order.audiences[audience.id]!,
        amountCents: amountToCents(audience.price) * order.audiences[audience.id]!,
      }));
  }
  const extras = order.upsells
    .filter((chosen) => chosen.quantity > 0)
    .flatMap((chosen) => {
      const upsell = upsells.find((candidate) => candidate.id === chosen.id);
      if (!upsell) return [];
      const unit = upsell.upsell_type === 'DONATION' ? chosen.price : upsell.price;
      return [
        {
          label: upsell.title,
          quantity: chosen.quantity,
          amountCents: amountToCents(unit) * chosen.quantity,
        },
      ];
    });
  return { bought, extras };
}

/** Spec §9 subscription total, with the coupon on the subscription lines only. */
export function subscriptionTotals(
  lines: { bought: SummaryLine[]; extras: SummaryLine[] },
  coupons: readonly CouponResult[],
  additions: readonly { amount: number; type: number }[],
): TotalBreakdown {
  const tickets = lines.bought.map((line, index) => ({
    key: String(index),
    unitPriceCents: line.quantity > 0 ? Math.round(line.amountCents / line.quantity) : 0,
    quantity: line.quantity,
  }));
  const discountCents = coupons.reduce(
    (sum, coupon) => sum + couponDiscountCents(couponTermsFromWire(coupon.data), tickets),
    0,
  );
  return subscriptionTotal({
    subtotalCents: [...lines.bought, ...lines.extras].reduce((sum, line) => sum + line.amountCents, 0),
    discountCents,
    additions: additions.map((addition) => ({
      amountCents: amountToCents(addition.amount),
      type: addition.type,
    })),
  });
}

export interface PasswordState {
  password: string;
  confirm: string;
}

/** Spec §5: at least 6 characters, and the confirmation must match. */
export function passwordProblem(state: PasswordState): 'too_short' | 'mismatch' | null {
  if (state.password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (state.password !== state.confirm) return 'mismatch';
  return null;
}

/** The POST /api/subscriptions body (docs/storefront.md §7.9): renewals send their passes, not audiences. */
export function subscriptionRequest(input: {
  subscription: SubscriptionDetail;
  order: SubscriptionOrderState;
  customer: OrderCustomer;
  password: string | null;
  coupons: readonly string[];
  renewal: Renewal | null;
  language: string;
  simulate: boolean;
  /** The visit's enrichment (lib/visit-enrichment), sent with a real order. */
  enrichment?: Record<string, string>;
}): CreateSubscriptionOrderInput {
  const { subscription, order, renewal } = input;
  const physical = subscription.type === 'PHYSICAL' && subscription.audiences.length > 0;
  return {
    customer: { ...input.customer, ...(input.password ? { password: input.password } : {}) },
    subscription: { id: subscription.id, quantity: 1 },
    audiences:
      renewal || !physical
        ? {}
        : Object.fromEntries(
            Object.entries(order.audiences)
              .filter(([, quantity]) => quantity > 0)
              .map(([id, quantity]) => [id, { id: Number(id), quantity }]),
          ),
    upsells: Object.fromEntries(order.upsells.map((line) => [String(line.id), line])),
    coupon: dedupeCouponCodes(input.coupons),
    ...(renewal ? { renewal: renewal.hash, passes: renewal.passes.map((pass) => pass.id) } : {}),
    language: input.language,
    simulate: input.simulate,
    ...(input.enrichment && !input.simulate ? { enrichment: input.enrichment } : {}),
  };
}
