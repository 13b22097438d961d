import { errorBodySchema } from '@kassa/domain/contract/common';
import { text } from '@kassa/domain/contract/text';
import {
  subscriptionRenewalSchema,
  type SubscriptionRenewal,
} from '@kassa/domain/contract/subscription-order';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { z } from 'zod';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { CLIENT_ONLY } from '../../lib/openapi.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { authenticateClient } from '../clients/authenticate-client.ts';
import { isRenewable } from '../clients/client-account.ts';
import { passProfile } from '../clients/pass-profile.ts';
import { findHolding } from './find-holding.ts';
import { renewalErrors } from './renewal-errors.ts';

/** GET /api/client/subscription/{hash} (docs/storefront.md §7.2, §4.11): only the logged-in holder reads it. */
export async function renewalRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();

  app.get(
    '/client/subscription/:hash',
    {
      schema: {
        tags: ['client'],
        security: CLIENT_ONLY,
        summary: "A subscription of the logged-in client to renew, by its renewal link's hash",
        params: z.object({ hash: text().min(1).max(200) }),
        querystring: shopQuerySchema,
        response: { 200: subscriptionRenewalSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request): Promise<SubscriptionRenewal> => {
      const ctx = await shopContext(db, deps.config.organisation, request);
      const { client } = await authenticateClient(db, ctx.organisation.id, request, now());
      const holding = await findHolding(db, client.id, request.params.hash);
      if (!holding) throw renewalErrors.notFound();
      const zone = ctx.organisation.timeZone;
      const today = calendarDateAt(now(), zone);
      return {
        renewable: isRenewable(holding.subscription),
        hash: holding.renewalHash,
        id: holding.subscription.id,
        subscription: {
          id: holding.subscription.id,
          slug: holding.subscription.slug,
          title: ctx.text(holding.subscription.title),
        },
        expiration: calendarDateAt(holding.expiresAt, zone),
        passes: holding.passes.map((pass) => passProfile(pass, today)),
      };
    },
  );
}
