import { subscriptionDetailSchema, upsellListSchema } from '@kassa/domain/contract/catalog';
import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { assertSubscriptionOffered, getSubscription } from './subscription-service.ts';
import { subscriptionUpsellList } from './upsell-service.ts';

const tags = ['catalogue'];

export async function subscriptionRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'A subscription with its audiences and the products a pass is valid for',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: subscriptionDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => getSubscription(db, await catalogViewer(deps, request), request.params.id),
  );

  app.get(
    '/subscriptions/:id/upsells',
    {
      schema: {
        tags,
        summary: "A subscription's upsells",
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: upsellListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const viewer = await catalogViewer(deps, request);
      await assertSubscriptionOffered(db, viewer, request.params.id);
      return subscriptionUpsellList(db, viewer, request.params.id);
    },
  );
}
