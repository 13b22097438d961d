import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { orders } from '../../db/schema.ts';
import { issueTickets } from '../../tickets/issue-tickets.ts';
import type { OrderPayments } from '../orders/order-answer.ts';
import { afterSettle } from './after-settle.ts';
import { publicBaseUrl } from './base-url.ts';
import { handOffPayment } from './hand-off.ts';

/** The payments module's side of POST /api/orders, for one request. */
export function orderPayments(deps: AppDeps, request: FastifyRequest): OrderPayments {
  const { db } = deps.database;
  const context = {
    db,
    gateways: deps.gateways,
    log: request.log,
    baseUrl: publicBaseUrl(deps.config, request),
    mailer: deps.mailer,
  };
  return {
    handOff: (paymentHash, fresh) => handOffPayment(context, paymentHash, fresh),
    async paidAtOnce(orderId) {
      // Booked as PAID already (free, or on invoice): its tickets under the order's lock, then their mail.
      const issued = await db.transaction(async (tx) => {
        await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
        return issueTickets(tx, orderId);
      });
      if (issued > 0) await afterSettle(context, { kind: 'PAID', orderId });
    },
  };
}
