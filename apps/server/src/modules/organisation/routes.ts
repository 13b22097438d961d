import { organisationSchema } from '@kassa/domain/contract/organisation';
import type { AppDeps, TypedApp } from '../../app.ts';
import { shopContext } from '../../lib/context.ts';
import { shopQuerySchema } from '../catalog/shop-query.ts';
import { organisationSettings } from './organisation-service.ts';

export async function organisationRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;

  app.get(
    '/organisation',
    {
      schema: {
        tags: ['organisation'],
        summary: 'Shop settings: fields by id, additions, theme colour, cart and business options',
        querystring: shopQuerySchema,
        response: { 200: organisationSchema },
      },
    },
    async (request) => organisationSettings(db, await shopContext(db, deps.config.organisation, request)),
  );
}
