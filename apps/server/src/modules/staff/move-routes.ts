import { errorBodySchema } from '@kassa/domain/contract/common';
import { moveAnswerSchema, movePlotsSchema, moveRequestSchema } from '@kassa/domain/contract/staff-move';
import { orderNumberParamsSchema } from '@kassa/domain/contract/staff-refunds';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { refundErrors } from '../../engine/refunds/refund-errors.ts';
import { refundWire } from '../../engine/refunds/refund-wire.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { moveOrder, movePlots, type MoveAnswer } from './move-order.ts';
import { staffRequestContext } from './staff-context.ts';

const tags = ['staff'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

function moveWire(answer: MoveAnswer) {
  const plot = (view: MoveAnswer['from']) => ({ plot: view.plotId, date: view.date, start: view.start });
  return {
    order_number: answer.orderNumber,
    outcome: answer.outcome,
    from: plot(answer.from),
    to: plot(answer.to),
    price_cents: answer.priceCents,
    fee_cents: answer.feeCents,
    credit_cents: answer.creditCents,
    to_pay_cents: answer.toPayCents,
    refund_cents: answer.refundCents,
    currency: answer.currency,
    new_order_number: answer.newOrderNumber,
    refund: answer.refund ? refundWire(answer.refund) : null,
  };
}

/**
 * Moving a booking on the visitor's behalf (decision 0247): box-office
 * staff and managers (`orders`), through the visitor's rebooking engine.
 */
export async function staffMoveRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  async function input(request: FastifyRequest, number: string) {
    const context = await contextOf(request, 'orders');
    const reference = parseOrderReference(number);
    if (reference === undefined) throw refundErrors.orderNotFound();
    return {
      organisation: context.ctx.organisation,
      orderReference: reference,
      actor: context.actor,
      now: context.now,
      baseUrl: publicBaseUrl(deps.config, request),
    };
  }

  app.get(
    '/staff/orders/:number/move/plots',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'The times a booking can be moved to, with their free places',
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: movePlotsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const base = await input(request, request.params.number);
      const found = await movePlots(db, base);
      reply.header('cache-control', 'private, no-store');
      return {
        order_number: found.orderNumber,
        current: found.current,
        seats: found.seats,
        plots: found.plots.map((plot) => ({
          plot: plot.plotId,
          date: plot.date,
          start: plot.start,
          free: plot.free,
        })),
      };
    },
  );

  for (const preview of [true, false]) {
    app.post(
      preview ? '/staff/orders/:number/move/preview' : '/staff/orders/:number/move',
      {
        schema: {
          tags,
          security: STAFF_ONLY,
          summary: preview
            ? 'What moving a booking to another time would cost or give back; changes nothing'
            : 'Moves a booking to another time: at once when nothing is left to pay (a cheaper time refunds the difference), else the visitor is mailed a link to pay it',
          params: orderNumberParamsSchema,
          querystring: shopQuerySchema,
          body: moveRequestSchema,
          response: { 200: moveAnswerSchema, ...errors },
        },
      },
      async (request, reply) => {
        const base = await input(request, request.params.number);
        const answer = await moveOrder(
          { db, gateways: deps.gateways, log: request.log },
          { ...base, plotId: request.body.plot, fee: request.body.fee },
          preview,
        );
        reply.header('cache-control', 'private, no-store');
        return moveWire(answer);
      },
    );
  }
}
