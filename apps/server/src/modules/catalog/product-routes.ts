import { productDetailSchema, upsellListSchema } from '@kassa/domain/contract/catalog';
import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { getProduct, offeredProduct } from './product-service.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { productUpsellList } from './upsell-service.ts';

const tags = ['catalogue'];

export async function productRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.now?.() ?? new Date();

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        summary: 'A product with audiences, cross-sells and, without days, its open plot',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: productDetailSchema, 404: errorBodySchema },
      },
    },
    async (request) => getProduct(db, await catalogViewer(deps, request), request.params.id, now()),
  );

  app.get(
    '/products/:id/upsells',
    {
      schema: {
        tags,
        summary: "A product's upsells",
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: upsellListSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const viewer = await catalogViewer(deps, request);
      await offeredProduct(db, viewer, request.params.id);
      return productUpsellList(db, viewer, request.params.id);
    },
  );
}
