import { plotListSchema } from '@kassa/domain/contract/plots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

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

  it('does not cache errors', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/products/2000000000/plots' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });
});
