import { plotListSchema, type Plot } from '@kassa/domain/contract/plots';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import type { App } from '../../deps.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';

// Wednesday 1 July 2026: the museum (closed on Mondays) and the zoo are both open.
const TODAY = '2026-07-01';
const TOMORROW = '2026-07-02';
/** HH:MM on TODAY in Amsterdam (UTC+2 in July) as an instant. */
const at = (time: string) => new Date(`${TODAY}T${time}:00+02:00`);

/**
 * The demo shop in the evening: the zoo is open 9:30–18:00 and the museum
 * 10:00–17:00 (their schedules' closing times), so at 22:45 today is over
 * for both, on the plots answer and on the order path alike.
 */
describe('the demo shop after closing time', () => {
  let database: Database;
  let app: App;
  let clock = at('08:00');
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedIfEmpty(database.db, clock);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: 'memory://' }),
      database,
      logger: false,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function productId(slug: string): Promise<number> {
    const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
    return row!.id;
  }

  async function plots(slug: string): Promise<Plot[]> {
    const response = await app.inject({
      method: 'GET',
      url: `/api/products/${await productId(slug)}/plots?filterFrom=${TODAY}&filterUntil=${TOMORROW}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return plotListSchema.parse(response.json());
  }

  const selectableByDate = (list: Plot[]) => list.map((plot) => [plot.date, plot.selectable]);

  async function orderToday(slug: string) {
    const id = await productId(slug);
    const plot = (await plots(slug)).find((candidate) => candidate.date === TODAY)!;
    const [confirm] = await database.db.select().from(s.fields).where(eq(s.fields.type, 'EMAIL_CONFIRM'));
    const email = 'late@example.test';
    const audiences = await database.db.select().from(s.audiences).where(eq(s.audiences.productId, id));
    const adult = audiences.find((audience) => audience.key === 'adult');
    return app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: { first_name: 'Ada', last_name: 'Lovelace', email, fields: { [confirm!.id]: email } },
        orders: [
          {
            product: adult ? { id, plot: plot.id } : { id, plot: plot.id, quantity: 1 },
            audiences: adult ? { [adult.id]: { id: adult.id, quantity: 1 } } : {},
            upsells: {},
          },
        ],
      },
    });
  }

  it('sells today in the morning', async () => {
    clock = at('08:00');
    expect(selectableByDate(await plots('zoo-day'))).toEqual([
      [TODAY, true],
      [TOMORROW, true],
    ]);
    expect(selectableByDate(await plots('museum-admission'))).toEqual([
      [TODAY, true],
      [TOMORROW, true],
    ]);
  });

  it('shows today not bookable at 22:45 in the shop’s zone, tomorrow still bookable', async () => {
    clock = at('22:45');
    expect(selectableByDate(await plots('zoo-day'))).toEqual([
      [TODAY, false],
      [TOMORROW, true],
    ]);
    expect(selectableByDate(await plots('museum-admission'))).toEqual([
      [TODAY, false],
      [TOMORROW, true],
    ]);
  });

  it('refuses an order for today at 22:45 with SALES_ENDED, and writes nothing', async () => {
    clock = at('22:45');
    const [before] = await database.db.select({ n: count() }).from(s.orders);
    for (const slug of ['zoo-day', 'museum-admission']) {
      const response = await orderToday(slug);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'SALES_ENDED' });
      expect(response.json().error.error_info).toContain(TODAY);
    }
    const [after] = await database.db.select({ n: count() }).from(s.orders);
    expect(after).toEqual(before);
  });

  it('stops the zoo at its closing time, 18:00, and the museum at 17:00', async () => {
    clock = at('17:59');
    expect((await orderToday('zoo-day')).statusCode).toBe(200);
    clock = at('18:00');
    expect((await orderToday('zoo-day')).json().error.code).toBe('SALES_ENDED');
    clock = at('16:59');
    expect((await orderToday('museum-admission')).statusCode).toBe(200);
    clock = at('17:00');
    expect((await orderToday('museum-admission')).json().error.code).toBe('SALES_ENDED');
  });
});

/**
 * A product's own sales end (sales_end_minutes) before a slot's start or a
 * day's closing time, counted in real minutes on the night Amsterdam's
 * clocks go forward (Sunday 28 March 2027, 02:00 CET → 03:00 CEST).
 */
describe('sales end minutes, across the spring DST change', () => {
  const DST_DAY = '2027-03-28';
  let t: TestApp;
  let clock = new Date(0);
  let organisationId: number;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
    organisationId = (await createOrganisation(t.db, { timeZone: 'Europe/Amsterdam' })).id;
  });
  afterAll(() => t.close());

  async function selectable(productId: number): Promise<boolean[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products/${productId}/plots?filterFrom=${DST_DAY}&filterUntil=${DST_DAY}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return plotListSchema.parse(response.json()).map((plot) => plot.selectable);
  }

  const order = (productId: number, plotId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} },
        orders: [{ product: { id: productId, plot: plotId, quantity: 1 } }],
      },
    });

  it('stops a 03:30 slot two real hours before it: at 00:30 CET, not 01:30', async () => {
    const product = await createProduct(t.db, organisationId, {
      hasDays: true,
      hasTimeslots: true,
      salesEndMinutes: 120,
    });
    const plot = await createPlot(t.db, product.id, { date: DST_DAY, startTime: '03:30', endTime: '04:30' });
    clock = new Date(`${DST_DAY}T00:29:00+01:00`);
    expect(await selectable(product.id)).toEqual([true]);
    clock = new Date(`${DST_DAY}T00:30:00+01:00`);
    expect(await selectable(product.id)).toEqual([false]);
    clock = new Date(`${DST_DAY}T00:45:00+01:00`);
    const refused = await order(product.id, plot.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'SALES_ENDED' });
  });

  it('stops a day an hour before its closing time, on the day of the change', async () => {
    const product = await createProduct(t.db, organisationId, { hasDays: true, salesEndMinutes: 60 });
    const plot = await createPlot(t.db, product.id, { date: DST_DAY, endTime: '18:00' });
    clock = new Date(`${DST_DAY}T16:59:00+02:00`);
    expect(await selectable(product.id)).toEqual([true]);
    expect((await order(product.id, plot.id)).statusCode).toBe(200);
    clock = new Date(`${DST_DAY}T17:00:00+02:00`);
    expect(await selectable(product.id)).toEqual([false]);
    expect((await order(product.id, plot.id)).json().error.code).toBe('SALES_ENDED');
  });

  it('stops a day without a closing time its sales end before midnight', async () => {
    const product = await createProduct(t.db, organisationId, { hasDays: true, salesEndMinutes: 24 * 60 });
    await createPlot(t.db, product.id, { date: DST_DAY });
    // Midnight ending the 28th is 22:00 UTC; a day (1 440 real minutes) earlier is 22:00 UTC on the 27th.
    clock = new Date('2027-03-27T21:59:00Z');
    expect(await selectable(product.id)).toEqual([true]);
    clock = new Date('2027-03-27T22:00:00Z');
    expect(await selectable(product.id)).toEqual([false]);
  });
});
