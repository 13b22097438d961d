import { errorBodySchema, idParamsSchema } from '@kassa/domain/contract/common';
import {
  calendarPlotsQuerySchema,
  calendarProductPlotsSchema,
  type CalendarProductPlots,
} from '@kassa/domain/contract/calendar';
import { plotListSchema, plotsQuerySchema, type Plot } from '@kassa/domain/contract/plots';
import type { AppDeps, TypedApp } from '../../deps.ts';
import { loadOrganisation } from '../../lib/context.ts';
import { viewerGroupIds } from '../clients/viewer-groups.ts';
import { createAnswerCache } from '../../lib/answer-cache.ts';
import { cachedJson } from '../../lib/cached-json.ts';
import { listCalendarPlots } from './list-calendar-plots.ts';
import { listPlots } from './list-plots.ts';

/**
 * Distinct plots answers kept per instance (products × query variants). A
 * 60-day answer is ~80 KB of JSON and several times that as objects, so this
 * bounds the cache to tens of MB whatever URLs visitors (or bots) make up.
 */
const CACHE_ENTRIES = 100;

/** Distinct calendar answers kept: one per window and product list, which all visitors share. */
const CALENDAR_CACHE_ENTRIES = 20;

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
      const answer = await cache.get(request.url, compute);
      // A browser gets the kept brotli copy: a 60-day answer is ~80 KB of JSON (decision 0272).
      if (deps.config.plotsCacheMs > 0) json.negotiate(request, reply, answer);
      else void reply.header('vary', 'accept-encoding');
      return answer;
    },
  );

  const calendarCache = createAnswerCache<CalendarProductPlots>({
    ttlMs: deps.config.plotsCacheMs,
    maxEntries: CALENDAR_CACHE_ENTRIES,
  });
  const calendarJson = cachedJson();
  app.get(
    '/calendar/plots',
    {
      schema: {
        tags: ['products'],
        summary: "The calendar's plots of several products in one answer",
        querystring: calendarPlotsQuerySchema,
        response: { 200: calendarProductPlotsSchema },
      },
      serializerCompiler: () => calendarJson.serialize,
    },
    async (request, reply) => {
      const compute = async () => {
        const organisation = await loadOrganisation(db, deps.config.organisation);
        return listCalendarPlots(db, {
          organisation,
          viewerGroupIds: await viewerGroupIds(db, organisation.id, request),
          query: request.query,
          now: now(),
        });
      };
      // As for the plots answers: only anonymous answers are shared.
      if (request.headers.authorization !== undefined) {
        void reply.header('vary', 'accept-encoding');
        return compute();
      }
      const answer = await calendarCache.get(request.url, compute);
      if (deps.config.plotsCacheMs > 0) calendarJson.negotiate(request, reply, answer);
      else void reply.header('vary', 'accept-encoding');
      return answer;
    },
  );
}
