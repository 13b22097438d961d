import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  cancellationSchema,
  cancelRequestSchema,
  orderNumberParamsSchema,
  refundSchema,
  type CancelRequest,
} from '@kassa/domain/contract/staff-refunds';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { staffMay } from '@kassa/domain/rules/staff-role';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, TypedApp } from '../../deps.ts';
import {
  cancelOrderItems,
  previewCancellation,
  type CancelItemsRequest,
} from '../../engine/refunds/cancel-order-items.ts';
import { refundErrors } from '../../engine/refunds/refund-errors.ts';
import { cancellationWire, refundWire } from '../../engine/refunds/refund-wire.ts';
import { retryRefund } from '../../engine/refunds/settle-refund.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { staffRequestContext, type StaffRequestContext } from './staff-context.ts';

const tags = ['staff'];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/**
 * Cancelling and refunding sold orders at the box office (decisions
 * 0235–0237): box-office staff and managers (`orders`) cancel with a refund
 * to the payment or a gift voucher; cancelling without any refund is a
 * manager's call (`manage`), as it keeps the visitor's money.
 */
export async function staffCancelRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  async function cancelInput(
    request: FastifyRequest,
    params: { number: string },
    body: CancelRequest,
  ): Promise<{ context: StaffRequestContext; input: CancelItemsRequest }> {
    const context = await contextOf(request, 'orders');
    if (body.refund === 'none' && !staffMay(context.staff.role, 'manage'))
      throw refundErrors.methodForbidden();
    const reference = parseOrderReference(params.number);
    if (reference === undefined) throw refundErrors.orderNotFound();
    return {
      context,
      input: {
        organisationId: context.ctx.organisation.id,
        orderReference: reference,
        choice: { tickets: body.tickets, lines: body.lines, method: body.refund },
        reason: body.reason ?? null,
        actor: context.actor,
        now: context.now,
      },
    };
  }

  app.post(
    '/staff/orders/:number/cancel/preview',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'What cancelling these tickets or lines would give back; changes nothing',
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        body: cancelRequestSchema,
        response: { 200: cancellationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { input } = await cancelInput(request, request.params, request.body);
      reply.header('cache-control', 'private, no-store');
      return cancellationWire(await previewCancellation(db, input));
    },
  );

  app.post(
    '/staff/orders/:number/cancel',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary:
          'Cancels tickets or lines of a sold order: seats back, refund to the payment, a gift voucher or nothing',
        params: orderNumberParamsSchema,
        querystring: shopQuerySchema,
        body: cancelRequestSchema,
        response: { 200: cancellationSchema, ...errors },
      },
    },
    async (request) => {
      const { input } = await cancelInput(request, request.params, request.body);
      const answer = await cancelOrderItems({ db, gateways: deps.gateways, log: request.log }, input);
      return cancellationWire(answer);
    },
  );

  app.post(
    '/staff/refunds/:id/retry',
    {
      schema: {
        tags,
        security: STAFF_ONLY,
        summary: 'Tries a failed refund again at its gateway, with the same idempotency key',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: {
          200: refundSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { ctx, now, actor } = await contextOf(request, 'orders');
      const refund = await retryRefund(
        { db, gateways: deps.gateways, log: request.log },
        ctx.organisation.id,
        request.params.id,
        now,
        actor,
      );
      return refundWire(refund);
    },
  );
}
