import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>
  >;
}

/** /api/docs is generated from the zod contract schemas the routes declare. */
describe('OpenAPI document of the catalogue, organisation and client routes', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it.each([
    ['get', '/api/categories'],
    ['get', '/api/categories/{id}'],
    ['get', '/api/home/products'],
    ['get', '/api/products/{id}'],
    ['get', '/api/products/{id}/upsells'],
    ['get', '/api/subscriptions/{id}'],
    ['get', '/api/subscriptions/{id}/upsells'],
    ['get', '/api/vouchers/{id}'],
    ['get', '/api/organisation'],
    ['post', '/api/client'],
    ['get', '/api/client'],
    ['get', '/api/groups/{clientId}'],
  ])('documents %s %s with a 200 schema and the language parameter', (method, path) => {
    const operation = doc.paths[path]?.[method];
    expect(operation?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: expect.any(Object) } },
    });
    expect(operation?.parameters?.map((p) => p.name)).toContain('language');
  });
});
