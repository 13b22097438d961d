import { organisationSchema, type Organisation } from '@kassa/domain/contract/organisation';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { shopContext } from '../../lib/context.ts';
import { sharedAnswers } from '../catalog/shared-answers.ts';
import { shopQuerySchema } from '../../lib/shop-query.ts';
import { organisationSettings } from './organisation-service.ts';

export async function organisationRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const shared = sharedAnswers<Organisation>(deps.config.catalogCacheMs, deps.front);

  app.get(
    '/organisation',
    {
      schema: {
        tags: ['organisation'],
        summary: 'Shop settings: fields by id, additions, theme colour, cart and business options',
        querystring: shopQuerySchema,
        response: { 200: organisationSchema },
      },
      serializerCompiler: shared.serializerCompiler,
    },
    async (request, reply) =>
      shared.answer(request, reply, async () =>
        organisationSettings(db, await shopContext(db, deps.config.organisation, request)),
      ),
  );
}
