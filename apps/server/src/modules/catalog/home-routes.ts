import { homeProductsSchema, type HomeProducts } from '@kassa/domain/contract/catalog';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { homeItems } from './home-service.ts';
import { sharedAnswers } from './shared-answers.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';

export async function homeRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const shared = sharedAnswers<HomeProducts>(deps.config.catalogCacheMs, deps.front);

  app.get(
    '/home/products',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Summaries of every product, subscription and voucher the visitor may see',
        querystring: shopQuerySchema,
        response: { 200: homeProductsSchema },
      },
      serializerCompiler: shared.serializerCompiler,
    },
    async (request, reply) =>
      shared.answer(request, reply, async () => homeItems(db, await catalogViewer(deps, request))),
  );
}
