import { categoryListSchema, categorySchema, type Category } from '@kassa/domain/contract/catalog';
import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { catalogViewer } from './catalog-viewer.ts';
import { getCategory, listCategories } from './category-service.ts';
import { sharedAnswers } from './shared-answers.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';

const tags = ['catalogue'];

export async function categoryRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const sharedList = sharedAnswers<Category[]>(deps.config.catalogCacheMs, deps.front);

  app.get(
    '/categories',
    {
      schema: {
        tags,
        summary: 'Displayable categories (PUBLISHED or INVISIBLE) with their child ids',
        querystring: shopQuerySchema,
        response: { 200: categoryListSchema },
      },
      serializerCompiler: sharedList.serializerCompiler,
    },
    async (request, reply) =>
      sharedList.answer(request, reply, async () => listCategories(db, await catalogViewer(deps, request))),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags,
        summary: 'A category with the ids of its products, subscriptions and vouchers',
        params: idParamsSchema,
        querystring: shopQuerySchema,
        response: { 200: categorySchema, 404: errorBodySchema },
      },
    },
    async (request) => getCategory(db, await catalogViewer(deps, request), request.params.id),
  );
}
