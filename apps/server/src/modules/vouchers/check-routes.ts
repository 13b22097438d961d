import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  voucherCheckParamsSchema,
  voucherCheckQuerySchema,
  voucherCheckSchema,
} from '@kassa/domain/contract/voucher-check';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { codeGuessBudget } from '../coupons/code-guessing.ts';
import { checkVoucher } from './check-voucher.ts';

/**
 * Checks per client IP: enough for a visitor with a few cards and typos,
 * far too few to guess an ≥80-bit code.
 */
export const VOUCHER_CHECK_LIMIT: RateLimitRule = { name: 'voucher-check', max: 10, windowMs: 60_000 };

/** The voucher balance check (docs/storefront.md §2.16). */
export async function voucherCheckRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const guessing = codeGuessBudget(deps);

  app.get(
    '/voucher/check/:code',
    {
      onRequest: rateLimitByIp(db, VOUCHER_CHECK_LIMIT, now),
      schema: {
        tags: ['vouchers'],
        summary: 'Credit and expiration of an issued voucher code',
        params: voucherCheckParamsSchema,
        querystring: voucherCheckQuerySchema,
        response: { 200: voucherCheckSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation(db, deps.config.organisation);
      const guess = {
        ip: request.ip,
        codes: [request.params.code],
        captcha: request.query.captcha,
        now: now(),
      };
      return guessing.guarded(guess, () => checkVoucher(db, organisation, request.params.code, now()));
    },
  );
}
