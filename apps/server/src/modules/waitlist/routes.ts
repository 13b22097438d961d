import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  joinWaitlistAnswerSchema,
  joinWaitlistRequestSchema,
  staffWaitlistSchema,
  waitlistOfferParamsSchema,
  waitlistOfferSchema,
} from '@kassa/domain/contract/waitlist';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { STAFF_ONLY } from '../../lib/openapi.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { staffRequestContext } from '../staff/staff-context.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { openOffer } from './offer-freed-places.ts';
import { staffWaitlist } from './staff-waitlist.ts';

/** Joining costs nothing and mails later: a few per visitor and hour, as the other public forms. */
export const WAITLIST_JOIN_LIMIT: RateLimitRule = { name: 'waitlist-join', max: 10, windowMs: 60 * 60_000 };

/** The waiting lists of full plots (decision 0252). */
export async function waitlistRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const contextOf = staffRequestContext(deps);

  app.post(
    '/products/:id/waitlist',
    {
      onRequest: rateLimitByIp(db, WAITLIST_JOIN_LIMIT, now),
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waiting list of a full date or time slot',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        body: joinWaitlistRequestSchema,
        response: {
          200: joinWaitlistAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const entry = await joinWaitlist(db, ctx.organisation.id, request.params.id, request.body, now());
      return { ok: true as const, response: { entry } };
    },
  );

  app.get(
    '/waitlist/offers/:token',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'The places a waiting-list offer holds, by its mail link token',
        params: waitlistOfferParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: waitlistOfferSchema, 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      reply.header('cache-control', 'private, no-store');
      const offer = await openOffer(db, ctx.organisation.id, request.params.token, now());
      return { ok: true as const, response: { offer } };
    },
  );

  app.get(
    '/staff/plots/:id/waitlist',
    {
      schema: {
        tags: ['staff'],
        security: STAFF_ONLY,
        summary: 'The waiting list of a date or time slot, in line order',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: {
          200: staffWaitlistSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { ctx } = await contextOf(request, 'orders');
      reply.header('cache-control', 'private, no-store');
      return staffWaitlist(db, ctx, request.params.id);
    },
  );
}
