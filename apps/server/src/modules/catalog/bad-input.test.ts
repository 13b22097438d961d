import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Every catalogue read answers bad ids with a stable 4xx code, never a 500. */
describe('catalogue reads with bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createOrganisation(t.db);
  });
  afterAll(() => t.close());

  const routes = [
    '/api/categories/{id}',
    '/api/products/{id}',
    '/api/products/{id}/upsells',
    '/api/subscriptions/{id}',
    '/api/subscriptions/{id}/upsells',
    '/api/vouchers/{id}',
  ];

  it.each(
    routes.flatMap((route) =>
      ['abc', '0', '-1', '1.5', '99999999999999999999', '2147483648'].map((id) => [route, id]),
    ),
  )('%s with id %s answers 400 VALIDATION_ERROR', async (route, id) => {
    const response = await t.app.inject({ method: 'GET', url: route.replace('{id}', id) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it.each(routes)('%s with an unknown id answers 404 with a stable code', async (route) => {
    const response = await t.app.inject({ method: 'GET', url: route.replace('{id}', '2147483647') });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toMatch(/^[A-Z]+_NOT_FOUND$/);
  });

  it('rejects an absurd language parameter with 400, and ignores an unknown one', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/home/products?language=${'x'.repeat(100)}` });
    expect(long.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/home/products?language=xx&foo=1' });
    expect(unknown.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/categories?language[a]=1' });
    expect(list.statusCode).toBe(400);
  });
});

describe('catalogue reads without an organisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 SHOP_NOT_CONFIGURED rather than failing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home/products' });
    expect(response.statusCode).toBe(503);
    // 5xx bodies are generic by design (lib/error-handler.ts).
    expect(response.json()).toMatchObject({ ok: false });
  });
});
