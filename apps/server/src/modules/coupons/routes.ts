import { couponRequestSchema, couponResponseSchema } from '@kassa/domain/contract/coupon';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { bearerToken } from '../clients/bearer-token.ts';
import { findClientBySession } from '../clients/client-sessions.ts';
import { checkCoupon } from './check-coupon.ts';

/** Typed codes can be guessed: 30 checks per IP per 10 minutes is plenty for a person. */
export const COUPON_RATE_LIMIT = { name: 'coupon', max: 30, windowMs: 10 * 60_000 };

export async function couponRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  app.post(
    '/coupon',
    {
      onRequest: rateLimitByIp(db, COUPON_RATE_LIMIT, now),
      schema: {
        tags: ['orders'],
        summary: 'Check a coupon or voucher code against the products or subscription being ordered',
        body: couponRequestSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation(db, deps.config.organisation);
      const token = bearerToken(request);
      const viewer = token ? await findClientBySession(db, organisation.id, token, now()) : undefined;
      const result = await checkCoupon(db, {
        organisationId: organisation.id,
        request: request.body,
        viewerClientId: token ? (viewer?.id ?? null) : undefined,
        now: now(),
      });
      return { ok: true as const, response: result };
    },
  );
}
