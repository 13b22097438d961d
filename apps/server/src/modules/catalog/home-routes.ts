import { homeProductsSchema } from '@kassa/domain/contract/catalog';
import type { AppDeps, TypedApp } from '../../app.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { homeItems } from './home-service.ts';
import { shopQuerySchema } from './shop-query.ts';

export async function homeRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;

  app.get(
    '/home/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Summaries of every product, subscription and voucher the visitor may see',
        querystring: shopQuerySchema,
        response: { 200: homeProductsSchema },
      },
    },
    async (request) => homeItems(db, await catalogViewer(deps, request)),
  );
}
