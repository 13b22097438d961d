import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  withdrawalAnswerSchema,
  withdrawalParamsSchema,
  withdrawRequestSchema,
} from '@kassa/domain/contract/withdrawal';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { withdrawalView, withdrawOrder } from './withdraw-order.ts';

/** The order's hash is the key; a few tries per visitor and hour, as the other public forms. */
export const WITHDRAW_LIMIT: RateLimitRule = { name: 'withdraw', max: 10, windowMs: 60 * 60_000 };

/** The right of withdrawal from voucher and pass purchases (decision 0254). */
export async function withdrawalRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/withdrawal/:hash',
    {
      schema: {
        tags: ['orders'],
        summary: 'Whether the buyer can withdraw from a voucher or pass purchase, and what it ends',
        params: withdrawalParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: withdrawalAnswerSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      reply.header('cache-control', 'private, no-store');
      const withdrawal = await withdrawalView(db, ctx.organisation.id, request.params.hash, now());
      return { ok: true as const, response: { withdrawal } };
    },
  );

  app.post(
    '/withdrawal/:hash',
    {
      onRequest: rateLimitByIp(db, WITHDRAW_LIMIT, now),
      schema: {
        tags: ['orders'],
        summary: 'Withdraw from a voucher or pass purchase: full refund, codes and passes ended',
        params: withdrawalParamsSchema,
        querystring: shopQuerySchema,
        body: withdrawRequestSchema,
        response: {
          200: withdrawalAnswerSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const withdrawal = await withdrawOrder(
        { db, gateways: deps.gateways, log: request.log },
        ctx.organisation.id,
        request.params.hash,
        now(),
      );
      return { ok: true as const, response: { withdrawal } };
    },
  );
}
