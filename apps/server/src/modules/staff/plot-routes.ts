import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  closeDayAnswerSchema,
  closeDayParamsSchema,
  closeDayRequestSchema,
  closePlotAnswerSchema,
  closePlotRequestSchema,
  plotCapacityAnswerSchema,
  plotCapacityRequestSchema,
} from '@kassa/domain/contract/staff-refunds';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { changePlotCapacity, closeDay, closePlot } from './plot-writes.ts';
import { staffRequestContext } from './staff-context.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

/** Managers close a slot or change its capacity (decision 0238). */
export async function staffPlotRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const contextOf = staffRequestContext(deps);

  app.post(
    '/staff/plots/:id/close',
    {
      schema: {
        tags: ['staff'],
        security: STAFF_ONLY,
        summary: 'Closes a slot: no more sales, its orders cancelled and refunded, every visitor mailed',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        body: closePlotRequestSchema,
        response: { 200: closePlotAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { ctx, actor, now } = await contextOf(request, 'manage');
      return closePlot(
        { db, gateways: deps.gateways, log: request.log },
        {
          organisationId: ctx.organisation.id,
          plotId: request.params.id,
          reason: request.body.reason,
          actor,
          now,
          ...(request.body.move_to
            ? {
                moveTo: {
                  plotId: request.body.move_to,
                  organisation: ctx.organisation,
                  baseUrl: publicBaseUrl(deps.config, request),
                },
              }
            : {}),
        },
      );
    },
  );

  app.post(
    '/staff/products/:id/days/:date/close',
    {
      schema: {
        tags: ['staff'],
        security: STAFF_ONLY,
        summary: 'Closes every open slot of a product on one day with one reason, as closing each slot',
        params: closeDayParamsSchema,
        querystring: shopQuerySchema,
        body: closeDayRequestSchema,
        response: { 200: closeDayAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { ctx, actor, now } = await contextOf(request, 'manage');
      const slots = await closeDay(
        { db, gateways: deps.gateways, log: request.log },
        {
          organisationId: ctx.organisation.id,
          productId: request.params.id,
          date: request.params.date,
          reason: request.body.reason,
          actor,
          now,
        },
      );
      return { slots };
    },
  );

  app.patch(
    '/staff/plots/:id',
    {
      schema: {
        tags: ['staff'],
        security: STAFF_ONLY,
        summary: "Changes a slot's capacity, never below the seats sold",
        params: idParamsSchema,
        querystring: shopQuerySchema,
        body: plotCapacityRequestSchema,
        response: { 200: plotCapacityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { ctx, actor, now } = await contextOf(request, 'manage');
      return changePlotCapacity(db, {
        organisationId: ctx.organisation.id,
        plotId: request.params.id,
        capacity: request.body.capacity,
        actor,
        now,
      });
    },
  );
}
