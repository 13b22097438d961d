import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { pageDefinitionsSchema } from '@kassa/domain/contract/page-definitions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../db/schema.ts';
import { fakeDist, INDEX_HTML } from '../../testing/fake-dist.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { TEMPLATE_CHECK_MS } from './index-template.ts';

/** The JSON inside the page-definitions element of a served page. */
function pageDefinitionsOf(html: string): unknown {
  const match = /<script type="application\/json" id="kassa-page-definitions">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('no page-definitions element in the page');
  return JSON.parse(match[1]);
}

describe('storefront serving', () => {
  let t: TestApp;
  let dist: string;
  let organisationId: number;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({
      STOREFRONT_DIST: dist,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      SENTRY_DSN: 'https://key@sentry.example/1',
    });
    const organisation = await createOrganisation(t.db, {
      name: 'Museum </script><!-- \u2028',
      currency: 'USD',
      defaultLanguage: 'nl',
      languages: ['nl', 'en'],
      timeZone: 'America/New_York',
      dateFormat: 'MM/DD/YYYY',
      themeColour: '#FF8800',
      logo: '/media/logo.svg',
      captchaEnabled: true,
    });
    organisationId = organisation.id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('injects the organisation settings and public keys into index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // The server writes the page's title (page-heads.ts), escaped, in place of the build's.
    expect(response.body).toContain('<title>Museum &#60;/script&#62;&#60;!-- \u2028</title>');
    expect(response.body).not.toContain('Kassa test shop');
    const definitions = pageDefinitionsOf(response.body);
    expect(pageDefinitionsSchema.parse(definitions)).toEqual(definitions);
    expect(definitions).toEqual({
      organisationName: 'Museum </script><!-- \u2028',
      currency: 'USD',
      language: 'nl',
      languages: ['nl', 'en'],
      timeZone: 'America/New_York',
      dateFormat: 'MM/DD/YYYY',
      themeColour: 'ff8800',
      logo: '/media/logo.svg',
      captcha: { enabled: true, challengeUrl: '/api/captcha/challenge' },
      publishableKeys: { stripe: 'pk_test_123', paypalClientId: null },
      sentryDsn: 'https://key@sentry.example/1',
      illustrationsUrl: '/illustrations',
    });
  });

  it('keeps a hostile organisation name from breaking out of the script element', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.body).not.toContain('Museum </script>');
    expect(response.body).not.toContain('<!--');
    // The page's own two script elements and the Organization JSON-LD, nothing more.
    expect(response.body.match(/<\/script>/g)).toHaveLength(3);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(response.body);
    expect(JSON.parse(ld?.[1] ?? '')).toMatchObject({
      '@type': 'Organization',
      name: 'Museum </script><!-- \u2028',
    });
  });

  it('answers history-mode routes and /index.html with the injected page, 404 where there is no page', async () => {
    for (const [url, status] of [
      ['/calendar?date=2026-01-01', 200],
      // No such product, no such path (the storefront shows /index.html its fallback page too),
      // the not-found page itself (decision 0197).
      ['/index.html', 404],
      ['/product/12/boat-tour?date=2026-01-01', 404],
      ['/no/such/page', 404],
      ['/404', 404],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(pageDefinitionsOf(response.body), url).toMatchObject({ currency: 'USD' });
    }
  });

  it('keeps secret links out of search engines and referrers', async () => {
    const secret = await t.app.inject({
      method: 'GET',
      url: '/reservation/0123456789abcdef0123456789abcdef',
    });
    expect(secret.statusCode).toBe(200);
    expect(secret.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(secret.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['x-robots-tag']).toBeUndefined();
    expect(home.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers HEAD for a storefront route', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it('reads the organisation per request and the template only when the file changes', async () => {
    const indexFile = path.join(dist, 'index.html');
    // Whole seconds, so the restored modification time is exactly the one the server saw.
    const builtAt = new Date('2026-01-01T00:00:00Z');
    utimesSync(indexFile, builtAt, builtAt);
    await t.app.inject({ method: 'GET', url: '/' });
    await t.db
      .update(organisations)
      .set({ name: 'Renamed museum' })
      .where(eq(organisations.id, organisationId));
    // Same size and modification time: the cached template is used, the new organisation name is not cached.
    writeFileSync(indexFile, INDEX_HTML.replace('index-abc123.js', 'index-ABC123.js'));
    utimesSync(indexFile, builtAt, builtAt);
    const cached = await t.app.inject({ method: 'GET', url: '/' });
    expect(pageDefinitionsOf(cached.body)).toMatchObject({ organisationName: 'Renamed museum' });
    expect(cached.body).toContain('<title>Renamed museum</title>');
    expect(cached.body).toContain('/assets/index-abc123.js');

    // A rebuild (new file) is picked up without a restart, once the last look at the file is a second old.
    writeFileSync(indexFile, INDEX_HTML.replace('index-abc123.js', 'index-rebuilt.js'));
    utimesSync(indexFile, builtAt, new Date(builtAt.getTime() + 5_000));
    await new Promise((resolve) => setTimeout(resolve, TEMPLATE_CHECK_MS + 50));
    const rebuilt = await t.app.inject({ method: 'GET', url: '/' });
    expect(rebuilt.body).toContain('/assets/index-rebuilt.js');

    writeFileSync(indexFile, INDEX_HTML);
  });

  it('serves hashed assets as immutable and other files with revalidation', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('kassa');

    const humans = await t.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(humans.statusCode).toBe(200);
    expect(humans.headers['cache-control']).toBe('no-cache');
    expect(humans.body).toContain('Team: Kassa');
  });

  it('sends the pre-compressed copy of an asset to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('kassa');
  });

  it('answers a missing hashed asset with a 404, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('keeps unknown /api paths and other methods on the JSON 404', async () => {
    for (const request of [
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api' },
      { method: 'POST', url: '/checkout' },
    ] as const) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json(), request.url).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    }
  });

  it('never serves a file outside the dist folder', async () => {
    for (const url of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toMatch(/"(dependencies|devDependencies|scripts|workspaces)"/);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('storefront serving with CATALOG_CACHE_MS', () => {
  let t: TestApp;
  let dist: string;
  let organisationId: number;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ STOREFRONT_DIST: dist, CATALOG_CACHE_MS: '300' });
    organisationId = (await createOrganisation(t.db, { name: 'Zoo' })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('shares the page definitions for the cache time, then reads the organisation again', async () => {
    const nameOn = async () =>
      (
        pageDefinitionsOf((await t.app.inject({ method: 'GET', url: '/' })).body) as {
          organisationName: string;
        }
      ).organisationName;
    expect(await nameOn()).toBe('Zoo');
    await t.db.update(organisations).set({ name: 'Renamed zoo' }).where(eq(organisations.id, organisationId));
    expect(await nameOn()).toBe('Zoo');
    // Past 2 × ttl the answer is recomputed (a stale one may be served once while it is).
    await new Promise((resolve) => setTimeout(resolve, 700));
    await nameOn();
    expect(await nameOn()).toBe('Renamed zoo');
  });
});

describe('storefront serving without an organisation', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await createTestApp({ STOREFRONT_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('says the shop is not set up instead of serving a broken page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('not set up');
  });
});

describe('storefront serving before a build', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    rmSync(dist, { recursive: true, force: true });
    t = await createTestApp({ STOREFRONT_DIST: dist });
    await createOrganisation(t.db);
  });
  afterAll(() => t.close());

  it('tells to run npm run build, then serves the build once it appears', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.statusCode).toBe(503);
    expect(before.headers['content-type']).toMatch(/^text\/html/);
    expect(before.body).toContain('npm run build');

    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    const after = await t.app.inject({ method: 'GET', url: '/' });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('/assets/index-abc123.js');
    rmSync(dist, { recursive: true, force: true });
  });
});
