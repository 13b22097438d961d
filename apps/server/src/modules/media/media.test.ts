import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { mediaRoutes } from './routes.ts';

describe('GET /media/<file>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a bundled SVG as image/svg+xml with a long, immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/museum-hall.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<svg');
  });

  it('answers an unknown image with the JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/nope.svg' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('keeps its 404 when the site answers unknown paths with the storefront page', async () => {
    const site = Fastify().withTypeProvider<ZodTypeProvider>();
    site.setNotFoundHandler((_request, reply) =>
      reply.type('text/html').send('<!doctype html><p>storefront'),
    );
    await mediaRoutes(site);
    expect((await site.inject({ method: 'GET', url: '/media/nope.svg' })).statusCode).toBe(404);
    expect((await site.inject({ method: 'GET', url: '/media/zoo.svg' })).statusCode).toBe(200);
    expect((await site.inject({ method: 'GET', url: '/somewhere' })).body).toContain('storefront');
    await site.close();
  });

  it('does not leave the assets folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/media/..%2f..%2fpaths.ts' });
    // send refuses the traversal (403); the central handler shapes the answer.
    expect([403, 404]).toContain(response.statusCode);
    expect(response.json()).toMatchObject({ ok: false });
    expect(response.body).not.toContain('seedAssetsFolder');
  });
});
