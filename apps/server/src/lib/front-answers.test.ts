import { homeProductsSchema } from '@kassa/domain/contract/catalog';
import { plotListSchema } from '@kassa/domain/contract/plots';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { cachedJson } from './cached-json.ts';
import { frontAnswers } from './front-answers.ts';
import type { Readiness } from './readiness.ts';
import { createClient, createOrganisation, createPlot, createProduct } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { KEPT_JSON_HEADERS } from '../testing/kept-answer-headers.ts';

interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Plots answers are kept this long: the test waits twice this for one to go stale. */
const PLOTS_TTL_MS = 400;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('kept answers sent in front of the router (decision 0289)', () => {
  let t: TestApp;
  let base: URL;
  let token: string;
  let productId: number;
  let plotId: number;
  let organisationId: number;
  const readiness: Readiness = { migrated: true, draining: false };
  /** Each log line of the app: Fastify logs 'incoming request' for every request it handles. */
  const lines: { msg: string; req?: { url?: string } }[] = [];
  const seenByFastify = () =>
    lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
  const sentInFront = () =>
    lines.filter((line) => line.msg === 'kept answer sent').map((line) => line.req?.url);

  /** A GET over real HTTP (app.inject would go straight to Fastify), its body as the bytes that came. */
  const get = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = httpRequest(new URL(url, base), { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  const withoutDate = (headers: IncomingHttpHeaders) => ({ ...headers, date: undefined });

  beforeAll(async () => {
    t = await createTestApp(
      { CATALOG_CACHE_MS: '60000', PLOTS_CACHE_MS: String(PLOTS_TTL_MS) },
      {
        readiness,
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      },
    );
    organisationId = (await createOrganisation(t.db, { timeZone: 'UTC' })).id;
    token = (await createClient(t.db, organisationId)).token;
    // Enough products that the list is more than a packet of JSON, so browsers get it compressed.
    productId = (
      await createProduct(t.db, organisationId, {
        hasDays: true,
        title: { en: 'Canal tour', de: 'Grachtenfahrt' },
      })
    ).id;
    for (let i = 0; i < 8; i++) await createProduct(t.db, organisationId);
    plotId = (await createPlot(t.db, productId, { date: '2099-03-11', capacity: 10 })).id;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
  });
  afterAll(() => t.close());

  it('sends a shared answer after its first request without Fastify, with the same bytes and headers, compressed or plain', async () => {
    const url = '/api/home/products?language=nl';
    // Dutch is computed through another URL first, and its best brotli copy written (decision 0272),
    // so the test URL's first request, through Fastify, already gets the bytes every later one gets.
    await get('/api/home/products?language=nl&warm=1', BROWSER);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const headers of [BROWSER, { 'accept-encoding': 'gzip' }, {}]) {
      lines.length = 0;
      const [first, second, third] = [
        await get(url, headers),
        await get(url, headers),
        await get(url, headers),
      ];
      expect(seenByFastify()).toEqual(headers === BROWSER ? [url] : []);
      expect(sentInFront()).toEqual(headers === BROWSER ? [url, url] : [url, url, url]);
      for (const again of [second, third]) {
        expect(again.statusCode).toBe(200);
        expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
        expect(again.body.equals(first.body)).toBe(true);
      }
      // What Fastify itself sends for the same request (inject's connection is its own).
      const fastify = await t.app.inject({ method: 'GET', url, headers });
      expect({ ...withoutDate(second.headers), connection: undefined }).toEqual({
        ...withoutDate(fastify.headers as IncomingHttpHeaders),
        connection: undefined,
      });
      expect(second.body.equals(fastify.rawPayload)).toBe(true);
    }
    const br = await get(url, BROWSER);
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      ...KEPT_JSON_HEADERS,
      'content-length': String(br.body.length),
    });
    expect(
      homeProductsSchema.parse(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).products,
    ).toHaveLength(9);
    expect((await get(url, { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('answers each visitor in the language they ask for, and computes a language not kept yet', async () => {
    const url = '/api/home/products?v=2';
    lines.length = 0;
    const title = async (language: string) => {
      const answer = await get(url, { 'accept-language': language });
      return homeProductsSchema.parse(JSON.parse(answer.body.toString('utf8'))).products[0]?.title;
    };
    expect(await title('de-DE')).toBe('Grachtenfahrt');
    expect(await title('de')).toBe('Grachtenfahrt');
    expect(await title('en-GB,en;q=0.8')).toBe('Canal tour');
    expect(await title('en')).toBe('Canal tour');
    // The URL's first request was checked and computed German; English was not kept yet.
    expect(seenByFastify()).toEqual([url, url]);
    expect(sentInFront()).toEqual([url, url]);
  });

  it('leaves to Fastify what it must decide: bearer tokens, HEAD, refused queries, a draining instance', async () => {
    const url = '/api/home/products?language=nl';
    await get(url);
    lines.length = 0;
    const bearer = await get(url, { authorization: `Bearer ${token}` });
    expect(bearer.statusCode).toBe(200);
    const head = await get(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    const refused = `/api/home/products?language=${'x'.repeat(40)}`;
    for (let i = 0; i < 2; i++) expect((await get(refused)).statusCode).toBe(400);
    expect(seenByFastify()).toEqual([url, url, refused, refused]);
    expect(sentInFront()).toEqual([]);

    readiness.draining = true;
    try {
      const draining = await get(url);
      expect(draining.statusCode).toBe(200);
      expect(draining.headers.connection).toBe('close');
      expect(seenByFastify()).toHaveLength(5);
    } finally {
      readiness.draining = false;
    }
    await get(url);
    expect(sentInFront()).toEqual([url]);
  });

  it('sends a plots answer while it is fresh, and never one older than twice its time to live', async () => {
    const url = `/api/products/${productId}/plots?filterFrom=2099-03-01&filterUntil=2099-03-31`;
    const seats = (answer: Answer) =>
      plotListSchema.parse(JSON.parse(answer.body.toString('utf8')))[0]!.availability.amount;
    lines.length = 0;
    const first = await get(url);
    const again = await get(url);
    expect(seats(first)).toBe(10);
    expect(again.body.equals(first.body)).toBe(true);
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(seenByFastify()).toEqual([url]);
    expect(sentInFront()).toEqual([url]);

    const [order] = await t.db
      .insert(s.orders)
      .values({
        organisationId,
        hash: 'front-answers-order',
        kind: 'PRODUCT',
        customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
      })
      .returning();
    await t.db.insert(s.capacityHolds).values({ orderId: order!.id, plotId, quantity: 3, status: 'PAID' });
    await new Promise((resolve) => setTimeout(resolve, 2 * PLOTS_TTL_MS + 50));
    const later = await get(url);
    expect(seats(later)).toBe(7);
    expect(seenByFastify()).toEqual([url, url]);
  });

  it("takes only /api URLs: the headers it adds are an /api answer's", () => {
    const front = frontAnswers({ apiHeaders: {}, readiness, log: t.app.log });
    expect(() => front.remember('/product/1/canal-tour', cachedJson(), () => undefined)).toThrow(
      /\/api URLs/,
    );
    expect(() => front.remember('/api/organisation', cachedJson(), () => undefined)).not.toThrow();
  });
});
