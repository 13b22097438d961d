import { plotListSchema, type Plot } from '@kassa/domain/contract/plots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createAudience,
  createClient,
  createOrganisation,
  createPlot,
  createProduct,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// 22:30 UTC on 10 March is already 11:30 on 11 March in Auckland (UTC+13):
// "today" for the shop is the 11th, while the server's UTC date is the 10th.
const NOW = new Date('2026-03-10T22:30:00Z');
const TODAY = '2026-03-11';
const MINUTE = 60_000;

let t: TestApp;
let organisationId: number;
let holdCounter = 0;

/** An order holding `quantity` seats on a plot. */
async function hold(plotId: number, quantity: number, status: s.HoldStatus, expiresAt: Date | null = null) {
  const [order] = await t.db
    .insert(s.orders)
    .values({
      organisationId,
      hash: `hold-order-${++holdCounter}`,
      kind: 'PRODUCT',
      customer: { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} },
    })
    .returning();
  await t.db.insert(s.capacityHolds).values({ orderId: order!.id, plotId, quantity, status, expiresAt });
}

async function getPlots(productId: number, query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/plots${query}` });
  return response;
}

async function plotsOf(productId: number, query = ''): Promise<Plot[]> {
  const response = await getPlots(productId, query);
  expect(response.statusCode, response.body).toBe(200);
  // The route skips the response check for speed, so every answer here is held to the contract.
  return plotListSchema.parse(response.json());
}

function daysProduct(values: Partial<typeof s.products.$inferInsert> = {}) {
  return createProduct(t.db, organisationId, { hasDays: true, ...values });
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  organisationId = (await createOrganisation(t.db, { timeZone: 'Pacific/Auckland' })).id;
});
afterAll(() => t.close());

describe('GET /api/products/{id}/plots — window', () => {
  let productId: number;
  beforeAll(async () => {
    productId = (await daysProduct()).id;
    for (const date of ['2026-03-10', '2026-03-11', '2026-03-12', '2026-04-30', '2027-03-11', '2027-03-13']) {
      await createPlot(t.db, productId, { date });
    }
  });

  it('serves plots from today in the organisation’s time zone, not the server’s', async () => {
    const dates = (await plotsOf(productId)).map((plot) => plot.date);
    expect(dates[0]).toBe(TODAY);
    expect(dates).not.toContain('2026-03-10');
  });

  it('caps the default window at 366 days ahead', async () => {
    const dates = (await plotsOf(productId)).map((plot) => plot.date);
    expect(dates).toEqual(['2026-03-11', '2026-03-12', '2026-04-30', '2027-03-11']);
  });

  it('keeps filterFrom/filterUntil inclusive and never serves the past', async () => {
    const dates = (await plotsOf(productId, '?filterFrom=2026-01-01&filterUntil=2026-03-12')).map(
      (p) => p.date,
    );
    expect(dates).toEqual(['2026-03-11', '2026-03-12']);
  });

  it('serves nothing for a window entirely in the past', async () => {
    expect(await plotsOf(productId, '?filterFrom=2026-01-01&filterUntil=2026-03-10')).toEqual([]);
  });

  it('orders by date descending on request', async () => {
    const dates = (await plotsOf(productId, '?filterUntil=2026-05-01&orderingCol=date&orderingDir=desc')).map(
      (plot) => plot.date,
    );
    expect(dates).toEqual(['2026-04-30', '2026-03-12', '2026-03-11']);
  });

  it('refuses windows longer than 366 days', async () => {
    const response = await getPlots(productId, '?filterFrom=2026-03-11&filterUntil=2027-03-13');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'WINDOW_TOO_LARGE' } });
  });

  it('refuses dates that do not exist', async () => {
    const response = await getPlots(productId, '?filterFrom=2026-02-30');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'INVALID_DATE' } });
  });

  it.each([
    '?filterFrom=2026-04-01&filterUntil=2026-03-20',
    '?filterFrom=11-03-2026',
    '?orderingCol=price',
    '?orderingDir=sideways',
    '?order[quantity]=many',
    '?order[quantity]=-1',
    '?order[audiences][0][id]=x&order[audiences][0][quantity]=1',
    '?rebookPlot=0',
  ])('answers a malformed query %s with 400 VALIDATION_ERROR', async (query) => {
    const response = await getPlots(productId, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });
});

describe('GET /api/products/{id}/plots — time slots', () => {
  it('orders slots by date then start time, as HH:MM', async () => {
    const product = await daysProduct({ hasTimeslots: true });
    await createPlot(t.db, product.id, { date: '2026-03-12', startTime: '14:00', endTime: '15:30' });
    await createPlot(t.db, product.id, { date: '2026-03-12', startTime: '09:00', endTime: '10:00' });
    await createPlot(t.db, product.id, { date: '2026-03-11', startTime: '16:00', endTime: '17:00' });
    const plots = await plotsOf(product.id);
    expect(plots.map((plot) => [plot.date, plot.time.start, plot.time.end])).toEqual([
      ['2026-03-11', '16:00', '17:00'],
      ['2026-03-12', '09:00', '10:00'],
      ['2026-03-12', '14:00', '15:30'],
    ]);
  });

  it('closes today’s slots that have begun in the shop’s zone', async () => {
    const product = await daysProduct({ hasTimeslots: true });
    // It is 11:30 in Auckland.
    await createPlot(t.db, product.id, { date: TODAY, startTime: '11:00' });
    await createPlot(t.db, product.id, { date: TODAY, startTime: '12:00' });
    await createPlot(t.db, product.id, { date: TODAY, startTime: '13:00', selectable: false });
    const plots = await plotsOf(product.id);
    expect(plots.map((plot) => [plot.time.start, plot.selectable])).toEqual([
      ['11:00', false],
      ['12:00', true],
      ['13:00', false],
    ]);
  });

  it('leaves times null for products without time slots, and today bookable all day', async () => {
    const product = await daysProduct();
    await createPlot(t.db, product.id, { date: TODAY, startTime: '09:00' });
    const [today] = await plotsOf(product.id);
    expect(today!.time).toEqual({ start: null, end: null });
    expect(today!.selectable).toBe(true);
  });
});

describe('GET /api/products/{id}/plots — availability', () => {
  it('counts PAID holds and unexpired PENDING/RESERVED ones, not expired or RELEASED ones', async () => {
    const product = await daysProduct();
    const plot = await createPlot(t.db, product.id, { date: TODAY, capacity: 40 });
    await hold(plot.id, 5, 'PAID');
    await hold(plot.id, 4, 'PENDING', new Date(NOW.getTime() + 10 * MINUTE));
    await hold(plot.id, 3, 'RESERVED', new Date(NOW.getTime() + 60 * MINUTE));
    await hold(plot.id, 20, 'PENDING', new Date(NOW.getTime() - MINUTE));
    await hold(plot.id, 20, 'RESERVED', new Date(NOW.getTime() - MINUTE));
    await hold(plot.id, 20, 'RELEASED');
    const [served] = await plotsOf(product.id);
    expect(served!.availability).toEqual({ amount: 28, percentage: 70 });
  });

  it('frees a pending hold the moment it expires', async () => {
    const product = await daysProduct();
    const plot = await createPlot(t.db, product.id, { date: TODAY, capacity: 10 });
    await hold(plot.id, 10, 'PENDING', NOW);
    expect((await plotsOf(product.id))[0]!.availability).toEqual({ amount: 10, percentage: 100 });
  });

  it('never shows negative seats', async () => {
    const product = await daysProduct();
    const plot = await createPlot(t.db, product.id, { date: TODAY, capacity: 2 });
    await hold(plot.id, 3, 'PAID');
    expect((await plotsOf(product.id))[0]!.availability).toEqual({ amount: 0, percentage: 0 });
  });

  it('keeps holds on one plot off its neighbours', async () => {
    const product = await daysProduct();
    const busy = await createPlot(t.db, product.id, { date: TODAY, capacity: 10 });
    await createPlot(t.db, product.id, { date: '2026-03-12', capacity: 10 });
    await hold(busy.id, 6, 'PAID');
    expect((await plotsOf(product.id)).map((plot) => plot.availability.amount)).toEqual([4, 10]);
  });

  it('has no limit for capacity NONE products or plots without capacity', async () => {
    const none = await daysProduct({ capacityType: 'NONE' });
    const limited = await createPlot(t.db, none.id, { date: TODAY, capacity: 5 });
    await hold(limited.id, 5, 'PAID');
    const open = await daysProduct();
    await createPlot(t.db, open.id, { date: TODAY, capacity: null });
    const unlimited = { amount: null, percentage: null };
    expect((await plotsOf(none.id))[0]!.availability).toEqual(unlimited);
    expect((await plotsOf(open.id))[0]!.availability).toEqual(unlimited);
  });

  it('reports maxOrdersReached once active orders meet max_orders', async () => {
    const product = await daysProduct();
    const plot = await createPlot(t.db, product.id, { date: TODAY, capacity: 100, maxOrders: 2 });
    await hold(plot.id, 1, 'PAID');
    await hold(plot.id, 1, 'PENDING', new Date(NOW.getTime() - MINUTE));
    expect((await plotsOf(product.id))[0]!.maxOrdersReached).toBe(false);
    await hold(plot.id, 1, 'PENDING', new Date(NOW.getTime() + MINUTE));
    expect((await plotsOf(product.id))[0]!.maxOrdersReached).toBe(true);
  });
});

describe('GET /api/products/{id}/plots — prices', () => {
  it('prices a FIXED product by plot price, else product price, times the minimum quantity', async () => {
    const product = await daysProduct({ priceCents: 1000, minQuantity: 2 });
    await createPlot(t.db, product.id, { date: TODAY, priceCents: 1250, priceKind: 'DAY' });
    await createPlot(t.db, product.id, { date: '2026-03-12' });
    const plots = await plotsOf(product.id);
    expect(plots.map((plot) => [plot.price, plot.lowestTotalPrice])).toEqual([
      [12.5, 25],
      [10, 20],
    ]);
  });

  it('uses order[quantity] for lowestTotalPrice', async () => {
    const product = await daysProduct({ priceCents: 995 });
    await createPlot(t.db, product.id, { date: TODAY });
    expect((await plotsOf(product.id, '?order[quantity]=3'))[0]!.lowestTotalPrice).toBe(29.85);
  });

  describe('audience products', () => {
    let productId: number;
    let adult: number;
    let child: number;
    beforeAll(async () => {
      const product = await daysProduct({ priceType: 'AUDIENCE', priceCents: 0, minQuantity: 1 });
      productId = product.id;
      adult = (await createAudience(t.db, { productId, priceCents: 1500, sort: 0 })).id;
      child = (await createAudience(t.db, { productId, priceCents: 700, sort: 1, dependant: true })).id;
      await createPlot(t.db, productId, { date: TODAY });
      const weekend = await createPlot(t.db, productId, { date: '2026-03-14' });
      await t.db.insert(s.plotAudiencePrices).values([
        { plotId: weekend.id, audienceId: adult, priceCents: 1800 },
        { plotId: weekend.id, audienceId: child, priceCents: 900 },
      ]);
    });

    it('lists each audience’s price on the plot, plot audience prices first', async () => {
      const plots = await plotsOf(productId);
      expect(plots.map((plot) => [plot.price, plot.audiencePrices])).toEqual([
        [
          null,
          [
            { audience: adult, price: 15 },
            { audience: child, price: 7 },
          ],
        ],
        [
          null,
          [
            { audience: adult, price: 18 },
            { audience: child, price: 9 },
          ],
        ],
      ]);
    });

    it('prices the cheapest bookable audience with no selection', async () => {
      // The child is cheaper but dependant: a visitor starts from one adult.
      expect((await plotsOf(productId)).map((plot) => plot.lowestTotalPrice)).toEqual([15, 18]);
    });

    it('totals an audience selection per plot', async () => {
      const query = `?order[audiences][0][id]=${adult}&order[audiences][0][quantity]=2&order[audiences][1][id]=${child}&order[audiences][1][quantity]=3`;
      expect((await plotsOf(productId, query)).map((plot) => plot.lowestTotalPrice)).toEqual([51, 63]);
    });

    it('prices audience lines rather than a plain quantity when both are sent', async () => {
      const query = `?order[quantity]=5&order[audiences][0][id]=${adult}&order[audiences][0][quantity]=1`;
      expect((await plotsOf(productId, query)).map((plot) => plot.lowestTotalPrice)).toEqual([15, 18]);
    });

    it('refuses audiences of another product with 400 UNKNOWN_AUDIENCE', async () => {
      const other = await daysProduct({ priceType: 'AUDIENCE' });
      const foreign = await createAudience(t.db, { productId: other.id });
      const response = await getPlots(
        productId,
        `?order[audiences][0][id]=${foreign.id}&order[audiences][0][quantity]=1`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_AUDIENCE' } });
    });
  });
});

describe('GET /api/products/{id}/plots — rebooking and open plots', () => {
  it('always includes the rebooked plot of this product, even outside the window', async () => {
    const product = await daysProduct();
    const past = await createPlot(t.db, product.id, { date: '2026-02-01' });
    await createPlot(t.db, product.id, { date: TODAY });
    const plots = await plotsOf(
      product.id,
      `?rebookPlot=${past.id}&filterFrom=${TODAY}&filterUntil=${TODAY}`,
    );
    expect(plots.map((plot) => [plot.id === past.id, plot.date, plot.selectable])).toEqual([
      [true, '2026-02-01', false],
      [false, TODAY, true],
    ]);
  });

  it('ignores a rebookPlot of another product', async () => {
    const product = await daysProduct();
    const other = await daysProduct();
    const foreign = await createPlot(t.db, other.id, { date: TODAY });
    await createPlot(t.db, product.id, { date: TODAY });
    const plots = await plotsOf(product.id, `?rebookPlot=${foreign.id}`);
    expect(plots.map((plot) => plot.id)).not.toContain(foreign.id);
    expect(plots).toHaveLength(1);
  });

  it('serves the single open plot of a product without days, whatever the window', async () => {
    const product = await createProduct(t.db, organisationId, { hasDays: false });
    const open = await createPlot(t.db, product.id, { date: null, capacity: 50 });
    await hold(open.id, 5, 'PAID');
    const plots = await plotsOf(product.id, '?filterFrom=2026-06-01&filterUntil=2026-06-02');
    expect(plots).toEqual([
      expect.objectContaining({ id: open.id, date: null, availability: { amount: 45, percentage: 90 } }),
    ]);
  });
});

describe('GET /api/products/{id}/plots — which products', () => {
  it.each(['DRAFT', 'ARCHIVED'] as const)('answers 404 PRODUCT_NOT_FOUND for a %s product', async (state) => {
    const product = await daysProduct({ state });
    const response = await getPlots(product.id);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it('serves INVISIBLE products (reachable by link)', async () => {
    const product = await daysProduct({ state: 'INVISIBLE' });
    await createPlot(t.db, product.id, { date: TODAY });
    expect(await plotsOf(product.id)).toHaveLength(1);
  });

  it('answers 404 for unknown ids and for another organisation’s products', async () => {
    const otherOrganisation = await createOrganisation(t.db);
    const foreign = await createProduct(t.db, otherOrganisation.id, { hasDays: true });
    expect((await getPlots(2_000_000_000)).statusCode).toBe(404);
    expect((await getPlots(foreign.id)).json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
  });

  it.each(['0', 'abc', '99999999999'])('answers 400 for the id %s', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}/plots` });
    expect(response.statusCode).toBe(400);
  });

  it('serves a group-only product to a client of that group alone', async () => {
    const [group] = await t.db.insert(s.clientGroups).values({ organisationId }).returning();
    const client = await createClient(t.db, organisationId);
    await t.db.insert(s.clientGroupMembers).values({ clientId: client.id, groupId: group!.id });
    const product = await daysProduct({ groupIds: [group!.id] });
    await createPlot(t.db, product.id, { date: TODAY });
    expect((await getPlots(product.id)).statusCode).toBe(404);
    const asMember = await t.app.inject({
      method: 'GET',
      url: `/api/products/${product.id}/plots`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json()).toHaveLength(1);
  });
});
