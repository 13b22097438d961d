import { errorBodySchema } from '@kassa/domain/contract/common';
import {
  rebookLinkParamsSchema,
  rebookLinkResponseSchema,
  rebookValidateRequestSchema,
  rebookValidateResponseSchema,
} from '@kassa/domain/contract/rebook';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { checkRebookLink } from './check-link.ts';
import { validateRebook } from './validate-rebook.ts';

/**
 * Per client IP: enough for a visitor with typos in the order number or
 * e-mail, far too few to try order numbers against e-mail addresses.
 */
export const REBOOK_VALIDATE_LIMIT: RateLimitRule = { name: 'rebook-validate', max: 10, windowMs: 60_000 };
/** Link checks are cheap and the secrets long; the limit only stops floods. */
const REBOOK_LINK_LIMIT: RateLimitRule = { name: 'rebook-link', max: 60, windowMs: 60_000 };

/** Rebooking entry (docs/storefront.md §2.14, §7.6; decision 0040). */
export async function rebookRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/rebook/secret/:secret/:order',
    {
      onRequest: rateLimitByIp(db, REBOOK_LINK_LIMIT, now),
      schema: {
        tags: ['rebooking'],
        summary: 'Checks a rebooking entry link',
        params: rebookLinkParamsSchema,
        response: { 200: rebookLinkResponseSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation(db, deps.config.organisation);
      await checkRebookLink(db, organisation, request.params.secret, request.params.order);
      return { ok: true as const, response: { valid: true as const } };
    },
  );

  app.post(
    '/rebook/validate',
    {
      onRequest: rateLimitByIp(db, REBOOK_VALIDATE_LIMIT, now),
      schema: {
        tags: ['rebooking'],
        summary: 'Proves order number and e-mail, and answers the rebooking data',
        body: rebookValidateRequestSchema,
        response: {
          200: rebookValidateResponseSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation(db, deps.config.organisation);
      const rebooking = await validateRebook(db, organisation, request.body, now());
      return { ok: true as const, response: rebooking };
    },
  );
}
