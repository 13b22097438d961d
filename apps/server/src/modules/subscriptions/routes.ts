import {
  createSubscriptionOrderRequestSchema,
  createSubscriptionOrderResponseSchema,
} from '@kassa/domain/contract/subscription-order';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { registerOrderRoute } from '../checkout/order-route.ts';
import { subscriptionAnswer, subscriptionOrders } from './subscription-orders.ts';

/** POST /api/subscriptions on the shared order route (captcha gate, Idempotency-Key, hand-off). */
export async function subscriptionOrderRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  registerOrderRoute(app, deps, {
    path: '/subscriptions',
    summary: 'Pay for or simulate a subscription order (new, or a renewal of passes)',
    body: createSubscriptionOrderRequestSchema,
    response: createSubscriptionOrderResponseSchema,
    plan: subscriptionOrders,
    answer: subscriptionAnswer,
  });
}
