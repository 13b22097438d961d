import { homeProductsSchema } from '@kassa/domain/contract/catalog';
import { organisationSchema } from '@kassa/domain/contract/organisation';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createClient, createOrganisation, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { KEPT_JSON_HEADERS } from '../../testing/kept-answer-headers.ts';

describe('anonymous catalogue answers shared for CATALOG_CACHE_MS', () => {
  let t: TestApp;
  let organisationId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ CATALOG_CACHE_MS: '60000' });
    organisationId = (await createOrganisation(t.db)).id;
    token = (await createClient(t.db, organisationId)).token;
    await createProduct(t.db, organisationId, { title: { en: 'Canal tour', de: 'Grachtenfahrt' } });
  });
  afterAll(() => t.close());

  const home = async (url = '/api/home/products', headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    // The shared serializer skips the zod check: hold the text to the contract here.
    return homeProductsSchema.parse(response.json());
  };

  it('reuses an anonymous answer per language, and computes bearer requests afresh', async () => {
    const before = await home();
    const beforeGerman = await home('/api/home/products?language=de');
    await createProduct(t.db, organisationId);

    expect(await home()).toEqual(before);
    expect(await home('/api/home/products', { 'accept-language': 'de' })).toEqual(beforeGerman);
    expect(beforeGerman.products[0]?.title).toBe('Grachtenfahrt');
    expect((await home('/api/home/products?language=fr')).products).toHaveLength(2);
    expect((await home('/api/home/products', { authorization: `Bearer ${token}` })).products).toHaveLength(2);
  });

  it('shares the category list and the organisation the same way', async () => {
    const categories = async () => (await t.app.inject({ method: 'GET', url: '/api/categories' })).json();
    const organisation = async () =>
      organisationSchema.parse((await t.app.inject({ method: 'GET', url: '/api/organisation' })).json());
    const [listBefore, organisationBefore] = [await categories(), await organisation()];
    await createCategory(t.db, organisationId);
    expect(await categories()).toEqual(listBefore);
    expect(await organisation()).toEqual(organisationBefore);
    expect(organisationBefore.shop.categories).toBe(false);
  });

  it('sends a browser the shared answer compressed, and a bearer request its own answer uncompressed (decision 0272)', async () => {
    // Enough products that the list is more than a packet of JSON.
    for (let i = 0; i < 6; i++) await createProduct(t.db, organisationId);
    const url = '/api/home/products?language=es';
    const plain = await t.app.inject({ method: 'GET', url });
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const compressed = await t.app.inject({ method: 'GET', url, headers: browser });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(
      homeProductsSchema.parse(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())),
    ).toEqual(plain.json());
    const bearer = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...browser, authorization: `Bearer ${token}` },
    });
    expect(bearer.headers['content-encoding']).toBeUndefined();
    expect(bearer.headers.vary).toBe('accept-encoding');
    expect(homeProductsSchema.parse(bearer.json()).products.length).toBeGreaterThan(0);
  });

  it('sends a kept answer with the same bytes and the same headers the first time and every time after (decision 0283)', async () => {
    const url = '/api/home/products?language=nl';
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const withoutDate = (headers: Record<string, unknown>) => ({ ...headers, date: undefined });
    for (const headers of [browser, {}]) {
      const [first, second, third] = [
        await t.app.inject({ method: 'GET', url, headers }),
        await t.app.inject({ method: 'GET', url, headers }),
        await t.app.inject({ method: 'GET', url, headers }),
      ];
      for (const again of [second, third]) {
        expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
        expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      }
      expect(first.headers).toMatchObject({
        ...KEPT_JSON_HEADERS,
      });
      expect(first.headers['content-encoding']).toBe(headers === browser ? 'br' : undefined);
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    }
  });

  it('still answers errors in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categories/999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'CATEGORY_NOT_FOUND' } });
  });
});
