import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One registered route as the hardening tests see it. */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered on `app` from now on, so tests can derive
 * their requests from the route table instead of a list that a new route
 * would be missing from.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) entries.push({ method, url: route.url, schema: route.schema });
  });
}

/** The routes recorded for `app` (empty when recordRouteTable was not called). */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
