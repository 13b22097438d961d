import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeDist } from '../../testing/fake-dist.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pageLanguage } from './page-head.ts';
import type * as PageHead from './page-head.ts';
import type { RenderPage } from '../../lib/render-page.ts';

// Every view that builds a page works out the visitor's language (for its head and its content);
// counting those calls shows whether a view built the page or sent the kept answer.
vi.mock('./page-head.ts', async (importOriginal) => {
  const original = await importOriginal<typeof PageHead>();
  return { ...original, pageLanguage: vi.fn(original.pageLanguage) };
});

/** A page large enough to be sent compressed (compressed-page.ts: 8 KB and up). */
const renderPage: RenderPage = async (request) => ({
  html: `<main><h1>Harbour Museum</h1>${'<p>Boat tour €12.50</p>'.repeat(600)}</main>`,
  data: { language: request.language, path: request.path },
  source: 'src/features/home/home-page.tsx',
});

describe('a catalogue page viewed again a moment later (decision 0170)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ STOREFRONT_DIST: dist, CATALOG_CACHE_MS: '60000' }, { renderPage });
    await createOrganisation(t.db, { name: 'Harbour Museum', languages: ['en', 'nl'] });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const view = () =>
    t.app.inject({ method: 'GET', url: '/?lang=nl', headers: { 'accept-encoding': 'gzip, deflate, br' } });

  it('gets the answer as it was built, security headers included, without building the page again', async () => {
    const built = await view();
    expect(built.statusCode).toBe(200);
    expect(built.headers['content-encoding']).toBe('br');
    vi.mocked(pageLanguage).mockClear();

    const kept = await view();
    expect(vi.mocked(pageLanguage)).not.toHaveBeenCalled();
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(built.rawPayload)).toBe(true);
    const { date: _builtDate, ...builtHeaders } = built.headers;
    const { date: _keptDate, ...keptHeaders } = kept.headers;
    expect(keptHeaders).toEqual(builtHeaders);
    expect(keptHeaders).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      vary: 'accept-encoding',
      'cache-control': 'no-cache',
    });
    expect(keptHeaders['content-security-policy']).toContain("script-src 'self'");
  });

  it('answers a browser that revalidates its copy with 304, whether the page is built or kept', async () => {
    const first = await t.app.inject({ url: '/?from=newsletter', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+-br"$/);
    // Another URL of the same page: built for this request, and the same as the browser's copy.
    const built = await t.app.inject({
      url: '/?from=poster',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(built.statusCode).toBe(304);
    expect(built.body).toBe('');
    expect(built.headers.etag).toBe(etag);
    const kept = await t.app.inject({
      url: '/?from=newsletter',
      headers: { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` },
    });
    expect(kept.statusCode).toBe(304);
    expect(kept.body).toBe('');
    // Another encoding is another representation; a stale copy gets the page.
    const gzip = await t.app.inject({ url: '/?from=newsletter', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.etag).not.toBe(etag);
    const stale = await t.app.inject({
      url: '/?from=newsletter',
      headers: { 'accept-encoding': 'br', 'if-none-match': 'W/"an-older-page-br"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers a HEAD request with the headers alone', async () => {
    await view();
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/?lang=nl',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');
  });
});
