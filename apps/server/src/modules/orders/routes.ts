import {
  cancelOrderResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
} from '@kassa/domain/contract/orders';
import { errorBodySchema, okResponse } from '@kassa/domain/contract/common';
import {
  selfCancellationAnswerSchema,
  selfCancelQuerySchema,
  selfCancelRequestSchema,
  selfCancelResultSchema,
} from '@kassa/domain/contract/self-cancel';
import { text } from '@kassa/domain/contract/text';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { cancelUnpaidOrder } from '../../engine/expiry/cancel-unpaid-order.ts';
import { orderAnswers } from '../../engine/placement/order-answer.ts';
import { registerOrderRoute } from '../checkout/order-route.ts';
import { productOrders } from './product-orders.ts';
import { limitReservationsByIp } from '../reservations/reservation-limits.ts';
import { orderByHash, parseChoice, selfCancel, selfCancellation } from './self-cancel.ts';

const hashParams = z.object({ hash: text().min(1).max(200) });

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
  app.get(
    '/orders/:hash/cancellation',
    {
      schema: {
        tags: ['orders'],
        summary:
          "What cancelling these tickets or lines (all that is left when none) would give back by the product's cancellation policy, or why it cannot be done online; changes nothing",
        params: hashParams,
        querystring: selfCancelQuerySchema,
        response: { 200: selfCancellationAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const order = await orderByHash(deps.database.db, request.params.hash);
      const choice = parseChoice(request.query);
      // The answer depends on the clock: never from a cache.
      reply.header('cache-control', 'private, no-store');
      return {
        ok: true as const,
        response: await selfCancellation(deps.database.db, order, choice, now()),
      };
    },
  );

  app.post(
    '/orders/:hash/cancel',
    {
      schema: {
        tags: ['orders'],
        summary:
          "Without a body: give up an order that waits for its payment, its seats free at once. With tickets or lines: the visitor cancels them by the product's cancellation policy, refunded to the payment or as a gift voucher",
        params: hashParams,
        body: selfCancelRequestSchema.nullish(),
        response: {
          200: okResponse(z.union([selfCancelResultSchema, cancelOrderResponseSchema.shape.response])),
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (body && Object.keys(body).length > 0) {
        const order = await orderByHash(deps.database.db, request.params.hash);
        const result = await selfCancel(
          { db: deps.database.db, gateways: deps.gateways, log: request.log },
          order,
          body,
          now(),
        );
        return { ok: true as const, response: result };
      }
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
