/**
 * JSON bodies nested thousands of levels deep: every route answers a 4xx in
 * the contract's error shape, before any code walks the body recursively
 * (the idempotency fingerprint of POST /api/orders overflowed the stack: 500).
 */
import { errorBodySchema } from '@kassa/domain/contract/common';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from './lib/json-body.ts';
import { routeTable } from './lib/route-table.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createTestApp } from './testing/test-app.ts';

const testApp = await createTestApp();
await seedIfEmpty(testApp.db);
afterAll(() => testApp.close());

/** `{"a":{"a":…1…}}` nested `depth` objects deep, written without recursion. */
function nested(depth: number, open = '{"a":', close = '}'): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

const customer = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com' };

/** A body each order route validates, so the fingerprint of the placement would walk it. */
const validBodies: Record<string, (enrichment: string) => string> = {
  '/api/orders': (enrichment) =>
    `{"customer":${JSON.stringify(customer)},"orders":[{"product":{"id":1},"enrichment":{"x":${enrichment}}}]}`,
  '/api/subscriptions': (enrichment) =>
    `{"customer":${JSON.stringify(customer)},"subscription":{"id":1},"enrichment":{"x":${enrichment}}}`,
  '/api/vouchers': (enrichment) =>
    `{"customer":${JSON.stringify(customer)},"voucher":{"id":1},"enrichment":{"x":${enrichment}}}`,
};

describe('deeply nested JSON bodies', () => {
  it.each(Object.keys(validBodies))(
    'POST %s with enrichment nested 9,000 levels deep answers 400 BODY_TOO_DEEP',
    async (url) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${url}` },
        payload: validBodies[url]!(nested(9000)),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        ok: false,
        error: {
          code: 'BODY_TOO_DEEP',
          message: `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
        },
      });
    },
  );

  it('keeps bodies within the depth: an order with nested enrichment is read as before', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders?simulate=true',
      headers: { 'content-type': 'application/json' },
      payload: validBodies['/api/orders']!(nested(MAX_JSON_DEPTH - 6)),
    });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(response.json().error?.code).not.toBe('BODY_TOO_DEEP');
  });

  it('answers every route with a body a 4xx in the error shape, objects or arrays', async () => {
    const routes = routeTable(testApp.app).filter((route) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    expect(routes.length).toBeGreaterThan(15);
    const bodies = [nested(9000), nested(9000, '[', ']'), nested(MAX_JSON_DEPTH + 1)];
    for (const route of routes) {
      for (const payload of bodies) {
        const response = await testApp.app.inject({
          method: route.method as InjectOptions['method'],
          url: route.url.replace(/:[a-zA-Z]+/g, '1').replace('*', 'x'),
          headers: { 'content-type': 'application/json' },
          payload,
        });
        const where = `${route.method} ${route.url}: ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, where).toBeLessThan(500);
        if (!response.headers['content-type']?.toString().startsWith('text/html'))
          expect(errorBodySchema.safeParse(response.json()).success, where).toBe(true);
      }
    }
  });
});
