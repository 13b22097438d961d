import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  it('never serves a symbolic link, to a file or through a folder, in the imported images', async () => {
    const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'media-'));
    const outside = path.join(dataDir, 'outside');
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.svg'), '<svg>secret</svg>');
    writeFileSync(path.join(dataDir, 'media', 'own.svg'), '<svg>own</svg>');
    symlinkSync('/etc/passwd', path.join(dataDir, 'media', 'evil.svg'));
    symlinkSync(path.join(outside, 'secret.svg'), path.join(dataDir, 'media', 'secret.svg'));
    symlinkSync(outside, path.join(dataDir, 'media', 'folder'));
    const site = await createTestApp({ DATA_DIR: dataDir });
    try {
      const get = (url: string) => site.app.inject({ method: 'GET', url });
      expect((await get('/media/own.svg')).body).toContain('own');
      for (const url of [
        '/media/evil.svg',
        '/media/secret.svg',
        '/media/folder/secret.svg',
        '/media/folder%2fsecret.svg',
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toMatch(/root:|<svg>secret/);
      }
      // The bundled images behind the imported folder are still found.
      expect((await get('/media/museum-hall.svg')).statusCode).toBe(200);
    } finally {
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
