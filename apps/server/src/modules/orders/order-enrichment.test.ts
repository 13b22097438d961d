import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import {
  createOrganisation,
  createPlot,
  createProduct,
  createSubscription,
  createVoucher,
  createVoucherValue,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** What the storefront captures on a visit's first page (decision 0194). */
const ENRICHMENT = {
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring',
  referrer: 'https://blog.example/museum-night',
  landing_page: '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  embedding_page: 'https://partner.example/tickets',
};

/** An object nested `levels` deep. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 1; level < levels; level += 1) value = { a: value };
  return value;
}

describe('enrichment sent with an order, a subscription or a voucher', () => {
  let test: TestApp;
  let db: Db;
  let productId: number;
  let plotId: number;
  let subscriptionId: number;
  let voucherId: number;
  let valueId: number;
  let emails = 0;

  beforeAll(async () => {
    test = await createTestApp();
    db = test.db;
    const organisation = await createOrganisation(db);
    productId = (await createProduct(db, organisation.id, { priceCents: 1000 })).id;
    plotId = (await createPlot(db, productId, { capacity: 50 })).id;
    subscriptionId = (await createSubscription(db, organisation.id, { type: 'ONLINE', priceCents: 3000 })).id;
    voucherId = (await createVoucher(db, organisation.id)).id;
    valueId = (await createVoucherValue(db, voucherId, { priceCents: 2500, creditCents: 2500 })).id;
  });
  afterAll(() => test.close());

  function customer() {
    emails += 1;
    return { first_name: 'Ada', last_name: 'Lovelace', email: `ada${emails}@example.test`, fields: {} };
  }

  /** The three kinds, each with the enrichment where its request carries it. */
  const kinds = {
    product: (enrichment?: unknown) => ({
      url: '/api/orders',
      payload: {
        customer: customer(),
        orders: [
          { product: { id: productId, plot: plotId, quantity: 1 }, ...(enrichment ? { enrichment } : {}) },
        ],
      },
      hash: (body: { response: { orders: { order: { hash: string } }[] } }) =>
        body.response.orders[0]!.order.hash,
    }),
    subscription: (enrichment?: unknown) => ({
      url: '/api/subscriptions',
      payload: {
        customer: { ...customer(), password: 'secret-enough' },
        subscription: { id: subscriptionId, quantity: 1 },
        ...(enrichment ? { enrichment } : {}),
      },
      hash: (body: { response: { order: { hash: string } } }) => body.response.order.hash,
    }),
    voucher: (enrichment?: unknown) => ({
      url: '/api/vouchers',
      payload: {
        customer: customer(),
        voucher: { id: voucherId, quantity: 1 },
        values: [{ id: valueId, quantity: 1 }],
        ...(enrichment ? { enrichment } : {}),
      },
      hash: (body: { response: { order: { hash: string } } }) => body.response.order.hash,
    }),
  };

  async function place(kind: keyof typeof kinds, enrichment?: unknown) {
    const request = kinds[kind](enrichment);
    const response = await test.app.inject({ method: 'POST', url: request.url, payload: request.payload });
    return { response, hash: () => request.hash(response.json()) };
  }

  async function storedEnrichment(hash: string) {
    const [row] = await db
      .select({ enrichment: s.orders.enrichment })
      .from(s.orders)
      .where(eq(s.orders.hash, hash));
    return row!.enrichment;
  }

  for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) {
    it(`stores the enrichment of a ${kind} order with the order, and null when none is sent`, async () => {
      const placed = await place(kind, ENRICHMENT);
      expect(placed.response.statusCode, placed.response.body).toBe(200);
      expect(await storedEnrichment(placed.hash())).toEqual(ENRICHMENT);

      const plain = await place(kind);
      expect(plain.response.statusCode, plain.response.body).toBe(200);
      expect(await storedEnrichment(plain.hash())).toBeNull();
    });

    it(`refuses a ${kind} order whose enrichment is too deep, too large or unstorable, writing nothing`, async () => {
      const [before] = await db.select({ n: count() }).from(s.orders);
      for (const enrichment of [
        nested(4),
        { referrer: 'x'.repeat(2049) },
        Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i])),
        Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`t${i}`, 'é'.repeat(2000)])),
        { utm_source: 'a\u0000b' },
        'utm_source=newsletter',
      ]) {
        const { response } = await place(kind, enrichment);
        expect(response.statusCode, JSON.stringify(enrichment).slice(0, 60)).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
        expect(JSON.stringify(response.json().error.issues)).toMatch(/enrichment/);
      }
      const [after] = await db.select({ n: count() }).from(s.orders);
      expect(after!.n).toBe(before!.n);
    });
  }
});
