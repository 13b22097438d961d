import { idParamsSchema } from '@kassa/domain/contract/common';
import { plotListSchema, plotsQuerySchema } from '@kassa/domain/contract/plots';
import type { AppDeps, TypedApp } from '../../app.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { viewerGroupIds } from '../clients/viewer-groups.ts';
import { listPlots } from './list-plots.ts';

export async function availabilityRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/products/:id/plots',
    {
      schema: {
        tags: ['products'],
        summary: 'Plots (dates, time slots) of a product with prices and availability',
        params: idParamsSchema,
        querystring: plotsQuerySchema,
        response: { 200: plotListSchema },
      },
    },
    async (request) => {
      const organisation = await loadOrganisation(db, deps.config.organisation);
      return listPlots(db, {
        organisation,
        viewerGroupIds: await viewerGroupIds(db, organisation.id, request),
        productId: request.params.id,
        query: request.query,
        now: now(),
      });
    },
  );
}
