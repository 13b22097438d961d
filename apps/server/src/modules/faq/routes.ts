import { errorBodySchema } from '@kassa/domain/contract/common';
import { faqSchema } from '@kassa/domain/contract/faq';
import { refundRequestResponseSchema, refundRequestSchema } from '@kassa/domain/contract/refund-request';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { rateLimitByIp, type RateLimitRule } from '../../lib/rate-limit.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { publicBaseUrl } from '../../lib/base-url.ts';
import { loadFaq } from './load-faq.ts';
import { sendRefundRequest } from './send-refund-request.ts';

const tags = ['faq'];

/** Each request mails the shop's staff: a handful per visitor is plenty, a flood is abuse. */
export const REFUND_MAIL_LIMIT: RateLimitRule = { name: 'faq-mail', max: 5, windowMs: 10 * 60_000 };

/** The FAQ page (docs/storefront.md §2.13): questions, support cards, refund request mail. */
export async function faqRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/faq',
    {
      schema: {
        tags,
        summary: 'FAQ questions, rebooking entry and contact details',
        querystring: shopQuerySchema,
        response: { 200: faqSchema },
      },
    },
    async (request) => loadFaq(db, await shopContext(db, deps.config.organisation, request)),
  );

  app.post(
    '/faq/mail',
    {
      onRequest: rateLimitByIp(db, REFUND_MAIL_LIMIT, now),
      schema: {
        tags,
        summary: 'Mail a refund or cancellation request to the shop',
        querystring: shopQuerySchema,
        body: refundRequestSchema,
        response: {
          200: refundRequestResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      await sendRefundRequest(db, ctx, request.body, now(), publicBaseUrl(deps.config, request));
      return { ok: true as const };
    },
  );
}
