import {
  cancelOrderResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
} from '@kassa/domain/contract/orders';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { cancelUnpaidOrder } from '../../engine/expiry/cancel-unpaid-order.ts';
import { orderAnswers } from '../../engine/placement/order-answer.ts';
import { registerOrderRoute } from '../checkout/order-route.ts';
import { productOrders } from './product-orders.ts';
import { limitReservationsByIp } from '../reservations/reservation-limits.ts';

export async function orderRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  registerOrderRoute(app, deps, {
    path: '/orders',
    summary: 'Pay for, reserve or simulate product orders',
    body: createOrderRequestSchema,
    response: createOrderResponseSchema,
    plan: productOrders,
    // Reservations hold seats unpaid: a budget per IP (decision 0130).
    guard: async (body, request, now) => {
      if (body.action === 'reserve')
        await limitReservationsByIp(deps.database.db, deps.config.reservationsPerIp, request.ip, now);
    },
    answer: (placed) => ({ orders: orderAnswers(placed) }),
  });

  const now = deps.now ?? (() => new Date());
  app.post(
    '/orders/:hash/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Give up an order that waits for its payment: its seats are free at once',
        params: z.object({ hash: text().min(1).max(200) }),
        response: { 200: cancelOrderResponseSchema },
      },
    },
    async (request) => {
      const result = await cancelUnpaidOrder(deps.database.db, request.params.hash, now());
      // After the commit: Stripe's hosted Checkout stops taking money for the given-up order.
      // Best effort — a payment through it anyway takes the late-payment path.
      const stripe = deps.gateways.stripe;
      for (const payment of result.closed) {
        if (payment.gateway !== 'stripe' || !payment.providerRef || !stripe) continue;
        await stripe.expireSession(payment.providerRef).catch((error: unknown) => {
          request.log.warn({ err: error, session: payment.providerRef }, 'Stripe session not expired');
        });
      }
      return { ok: true as const, response: { status: result.status } };
    },
  );
}
