import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import { plotListSchema, plotsQuerySchema, type Plot } from '@kassa/domain/contract/plots';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { viewerGroupIds } from '../clients/viewer-groups.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { cachedJson } from '../../lib/cached-json.ts';
import { listPlots } from './list-plots.ts';

/**
 * Distinct plots answers kept per instance (products × query variants). A
 * 60-day answer is ~80 KB of JSON and several times that as objects, so this
 * bounds the cache to tens of MB whatever URLs visitors (or bots) make up.
 */
const CACHE_ENTRIES = 100;

export async function availabilityRoutes(app: TypedApp, deps: AppDeps): Promise<void> {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  const cache = createAnswerCache<Plot[]>({ ttlMs: deps.config.plotsCacheMs, maxEntries: CACHE_ENTRIES });
  const json = cachedJson();

  app.get(
    '/products/:id/plots',
    {
      schema: {
        tags: ['products'],
        summary: 'Plots (dates, time slots) of a product with prices and availability',
        params: idParamsSchema,
        querystring: plotsQuerySchema,
        response: { 200: plotListSchema, 404: errorBodySchema },
      },
      // For every declared status: the 200's plot lists come from the answer cache, a 404 is a fresh error body.
      serializerCompiler: () => json.serialize,
    },
    async (request, reply) => {
      const compute = async () => {
        const organisation = await loadOrganisation(db, deps.config.organisation);
        return listPlots(db, {
          organisation,
          viewerGroupIds: await viewerGroupIds(db, organisation.id, request),
          productId: request.params.id,
          query: request.query,
          now: now(),
        });
      };
      // A client's answer depends on their groups: only anonymous answers are shared.
      if (request.headers.authorization !== undefined) {
        void reply.header('vary', 'accept-encoding');
        return compute();
      }
      const url = request.url;
      const answer = await cache.get(url, compute);
      // A browser gets the kept brotli copy: a 60-day answer is ~80 KB of JSON (decision 0272).
      if (deps.config.plotsCacheMs > 0) {
        // The URL is the cache key, and the contract accepted its query: while its answer is fresh,
        // the front sends it before routing (decision 0289).
        deps.front.remember(url, json, () => cache.peek(url));
        return json.send(request, reply, answer);
      }
      void reply.header('vary', 'accept-encoding');
      return answer;
    },
  );
}
