import { createOrderRequestSchema, createOrderResponseSchema } from '@kassa/domain/contract/orders';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { orderAnswers } from './order-answer.ts';
import { registerOrderRoute } from './order-route.ts';
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
}
