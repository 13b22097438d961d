import { couponRequestSchema, couponResponseSchema } from '@kassa/domain/contract/coupon';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { rateLimitByIp } from '../../lib/rate-limit.ts';
import { bearerToken } from '../clients/bearer-token.ts';
import { findClientBySession } from '../clients/client-sessions.ts';
import { checkCoupon } from './check-coupon.ts';
import { codeGuessBudget } from './code-guessing.ts';

/** A flood guard only: wrong codes are limited by the shared guessing budget (code-guessing.ts). */
export const COUPON_RATE_LIMIT = { name: 'coupon', max: 120, windowMs: 10 * 60_000 };

export async function couponRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const guessing = codeGuessBudget(deps);

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
      const guess = { ip: request.ip, codes: [request.body.code], captcha: request.body.captcha, now: now() };
      const result = await guessing.guarded(guess, () =>
        checkCoupon(db, {
          organisationId: organisation.id,
          request: request.body,
          viewerClientId: token ? (viewer?.id ?? null) : undefined,
          now: now(),
        }),
      );
      return { ok: true as const, response: result };
    },
  );
}
