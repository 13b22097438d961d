import type {
  CreateSubscriptionOrderInput,
  SubscriptionOrderAnswer,
} from '@kassa/domain/contract/subscription-order';
import { postCheckout } from '@/features/checkout/api/post-checkout';

/** POST /api/subscriptions (spec §7), real or simulated; the same Idempotency-Key on every retry. */
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
