import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrganisation } from '../testing/fixtures.ts';
import { isApiPath } from './security-headers.ts';
import { fakeDist } from '../testing/fake-dist.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function shop(env: Record<string, string> = {}): Promise<TestApp> {
  const dist = fakeDist();
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
  t = await createTestApp({ STOREFRONT_DIST: dist, ...env });
  await createOrganisation(t.db);
  return t;
}

const everywhere = ['/', '/product/1/boat-tour', '/api/faq', '/pay/test/no-such-payment'];

describe('security headers', () => {
  it('sends nosniff, a Referrer-Policy and no framing on pages, /api and payment pages', async () => {
    const { app } = await shop();
    for (const url of everywhere) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('gives storefront pages a CSP: own scripts only, PayPal only when configured', async () => {
    const { app } = await shop();
    for (const url of ['/', '/product/1/boat-tour', '/checkout/return/abc']) {
      const csp = String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self';");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('paypal');
    }
    await t?.close();
    const withPaypal = await shop({ PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' });
    const csp = String(
      (await withPaypal.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.paypal\.com/);
  });

  it('lets the shop name who may frame the storefront', async () => {
    const { app } = await shop({ FRAME_ANCESTORS: 'https://museum.example https://*.museum.example' });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain(
      'frame-ancestors https://museum.example https://*.museum.example',
    );
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('sends no-store on /api answers with personal data or tokens', async () => {
    const { app } = await shop();
    const client = await app.inject({ method: 'POST', url: '/api/client', payload: { token: 'nope' } });
    expect(client.headers['cache-control']).toBe('no-store');
    const status = await app.inject({ method: 'GET', url: '/api/orders/unknown/status' });
    expect(status.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when the public URL is https', async () => {
    const { app } = await shop({ PUBLIC_URL: 'https://shop.example' });
    for (const url of everywhere) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('hides source maps and the Swagger UI in production unless enabled', async () => {
    const production = { NODE_ENV: 'production', ALLOW_TEST_GATEWAY: 'true' };
    const { app } = await shop(production);
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    await t?.close();
    const enabled = await shop({ ...production, SOURCE_MAPS: 'true', API_DOCS: 'true' });
    expect((await enabled.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(
      200,
    );
    expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    // The UI's own files come through @fastify/static 9 (pinned for Node 20 by the root overrides).
    expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css' })).statusCode).toBe(
      200,
    );
  });
});

describe('isApiPath (decision 0283)', () => {
  /** The rule as it was written before: the path before the query, /api or under /api/. */
  const byPath = (url: string) => {
    const path = url.split('?')[0] ?? '';
    return path === '/api' || path.startsWith('/api/');
  };

  it('tells /api answers from others as splitting off the query string does', () => {
    for (const url of [
      '/api',
      '/api/',
      '/api?x=1',
      '/api/home/products',
      '/apis',
      '/api-docs',
      '/',
      '/x/api/',
      '/ap',
    ]) {
      expect(isApiPath(url), url).toBe(byPath(url));
    }
    const part = fc.constantFrom('/', 'api', '?', 'x', '=', '&', 's', '-', '/api', '#');
    fc.assert(
      fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
        const url = parts.join('');
        expect(isApiPath(url)).toBe(byPath(url));
      }),
    );
  });
});
