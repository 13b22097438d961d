import { plotListSchema } from '@kassa/domain/contract/plots';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { KEPT_JSON_HEADERS } from '../../testing/kept-answer-headers.ts';

// Long enough that a loaded CI machine still makes the second request inside it.
const TTL_MS = 2000;
const NOW = new Date('2026-03-10T10:00:00Z');

describe('GET /api/products/{id}/plots — answer cache', () => {
  let t: TestApp;
  let productId: number;
  let plotId: number;
  let organisationId: number;
  let holds = 0;

  async function hold(quantity: number) {
    const [order] = await t.db
      .insert(s.orders)
      .values({
        organisationId,
        hash: `cache-order-${++holds}`,
        kind: 'PRODUCT',
        customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
      })
      .returning();
    await t.db.insert(s.capacityHolds).values({ orderId: order!.id, plotId, quantity, status: 'PAID' });
  }

  async function seatsLeft(headers: Record<string, string> = {}) {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/plots`, headers });
    expect(response.statusCode).toBe(200);
    return plotListSchema.parse(response.json())[0]!.availability.amount;
  }

  beforeAll(async () => {
    t = await createTestApp({ PLOTS_CACHE_MS: String(TTL_MS) }, { now: () => NOW });
    organisationId = (await createOrganisation(t.db, { timeZone: 'UTC' })).id;
    productId = (await createProduct(t.db, organisationId, { hasDays: true })).id;
    plotId = (await createPlot(t.db, productId, { date: '2026-03-11', capacity: 10 })).id;
  });
  afterAll(() => t.close());

  it('reuses an anonymous answer for a while, never past twice its time to live', async () => {
    expect(await seatsLeft()).toBe(10);
    await hold(3);
    expect(await seatsLeft()).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 2 * TTL_MS + 50));
    expect(await seatsLeft()).toBe(7);
  });

  it('never shares a logged-in client’s answer', async () => {
    const client = await createClient(t.db, organisationId);
    const asClient = { authorization: `Bearer ${client.token}` };
    const before = await seatsLeft(asClient);
    await hold(1);
    expect(await seatsLeft(asClient)).toBe(before! - 1);
  });

  // Without running the handler over real HTTP: lib/front-answers.test.ts (decision 0289).
  it('sends a kept answer with the same bytes and headers every time (decision 0283)', async () => {
    // A URL no earlier test asked for: its first request computes the answer.
    for (let day = 12; day <= 31; day++)
      await createPlot(t.db, productId, { date: `2026-03-${day}`, capacity: 5 });
    const url = `/api/products/${productId}/plots?filterFrom=2026-03-11&filterUntil=2026-04-30&order%5Bquantity%5D=2`;
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await t.app.inject({ method: 'GET', url, headers: browser });
    const again = await t.app.inject({ method: 'GET', url, headers: browser });
    const plain = await t.app.inject({ method: 'GET', url });

    const withoutDate = (headers: Record<string, unknown>) => ({ ...headers, date: undefined });
    expect(withoutDate(again.headers)).toEqual(withoutDate(first.headers));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers).toMatchObject({
      'content-encoding': 'br',
      ...KEPT_JSON_HEADERS,
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(withoutDate(plain.headers)).toEqual({
      ...withoutDate(first.headers),
      'content-encoding': undefined,
      'content-length': String(plain.rawPayload.length),
    });
    const plots = plotListSchema.parse(plain.json());
    expect(plots).toHaveLength(21);
    expect(JSON.parse(brotliDecompressSync(again.rawPayload).toString('utf8'))).toEqual(plots);

    // A query the contract refuses is still refused: it has no kept answer to be sent.
    const refused = await t.app.inject({ method: 'GET', url: `${url}&orderingDir=up` });
    expect(refused.statusCode).toBe(400);
  });

  it('does not cache errors', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/2000000000/plots' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });
});
