import type {
  CreateSubscriptionOrderInput,
  SubscriptionOrderAnswer,
} from '@kassa/domain/contract/subscription-order';
import { amountToCents } from '@kassa/domain/rules/money';
import { postCheckout } from '@/features/checkout/api/post-checkout';
import type { ServerPrice } from '@/features/checkout/hooks/use-checkout';

/** POST /api/subscriptions (docs/storefront.md §7.9), real or simulated; the same Idempotency-Key on every retry. */
export function createSubscriptionOrder(
  body: CreateSubscriptionOrderInput,
  idempotencyKey?: string,
): Promise<SubscriptionOrderAnswer> {
  return postCheckout(
    '/subscriptions',
    body,
    idempotencyKey,
    async () =>
      (await import('@kassa/domain/contract/subscription-order')).createSubscriptionOrderResponseSchema,
  );
}

/**
 * What a simulated subscription order costs, in the server's figures
 * (decision 0147): `amount` is what is paid, 0 on invoice.
 */
export function subscriptionPrice(answer: SubscriptionOrderAnswer): ServerPrice {
  const { subscription } = answer;
  return {
    onInvoice: answer.invoice,
    totals: {
      subtotalCents: amountToCents(subscription.subtotal),
      discountCents: amountToCents(subscription.discount),
      additionsCents: amountToCents(subscription.additions),
      creditCents: 0,
      totalCents: amountToCents(subscription.amount),
    },
  };
}
