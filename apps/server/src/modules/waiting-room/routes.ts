import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  joinWaitingRoomAnswerSchema,
  joinWaitingRoomRequestSchema,
  productRushAnswerSchema,
  waitingRoomStatusAnswerSchema,
  waitingRoomStatusQuerySchema,
} from '@kassa/domain/contract/waiting-room';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { createWaitingRoom } from './waiting-room.ts';

/** Joining writes a row: a budget per IP, roomy enough for a household or an office behind one address. */
export const WAITING_ROOM_JOIN_LIMIT: RateLimitRule = {
  name: 'waiting-room-join',
  max: 30,
  windowMs: 10 * 60_000,
};

/** Rush mode's waiting room (decisions 0265–0267). */
export async function waitingRoomRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const room = createWaitingRoom(db, { now, refreshMs: deps.config.waitingRoomRefreshMs });

  app.get(
    '/products/:id/rush',
    {
      schema: {
        tags: ['waiting-room'],
        summary: 'Whether the product is booked through the waiting room now',
        params: idParamsSchema,
        response: { 200: productRushAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const organisation = await deps.organisation();
      const { rush, over } = await room.rushFor(organisation.id, request.params.id);
      return {
        ok: true as const,
        response: {
          rush: {
            productId: request.params.id,
            active: Boolean(rush) && !over,
            opensAt: rush?.settings.opensAt ?? null,
            endsAt: rush?.settings.endsAt ?? null,
          },
        },
      };
    },
  );

  app.post(
    '/waiting-room/join',
    {
      onRequest: rateLimitByIp(db, WAITING_ROOM_JOIN_LIMIT, now),
      schema: {
        tags: ['waiting-room'],
        summary: 'Take a place in the waiting room of a product in rush mode; answers a signed queue token',
        body: joinWaitingRoomRequestSchema,
        response: {
          200: joinWaitingRoomAnswerSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const organisation = await deps.organisation();
      reply.header('cache-control', 'private, no-store');
      return { ok: true as const, response: await room.join(organisation.id, request.body.productId) };
    },
  );

  app.get(
    '/waiting-room/status',
    {
      schema: {
        tags: ['waiting-room'],
        summary: 'Position and estimate in the waiting room; the pass once admitted (no write, cached 1 s)',
        querystring: waitingRoomStatusQuerySchema,
        response: { 200: waitingRoomStatusAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const organisation = await deps.organisation();
      reply.header('cache-control', 'private, no-store');
      return {
        ok: true as const,
        response: { status: await room.status(organisation.id, request.query.token) },
      };
    },
  );
}
