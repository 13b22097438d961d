import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { App } from '../deps.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { DEMO_REBOOK_EMAIL, DEMO_REBOOK_ORDER_REFERENCE, DEMO_REBOOK_SECRET } from './demo-constants.ts';
import { seedIfEmpty } from './seed.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

describe('the demo order to rebook', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedIfEmpty(database.db, NOW);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: 'memory://' }),
      database,
      logger: false,
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const validate = (secret: string, id: string | number = DEMO_REBOOK_ORDER_REFERENCE) =>
    app.inject({
      method: 'POST',
      url: '/api/rebook/validate',
      payload: { order: { id, email: DEMO_REBOOK_EMAIL }, secret },
    });

  it('has the fixed reference 4821 0937 563, is paid, and opens with its own link and with the shop secret', async () => {
    const [order] = await database.db
      .select()
      .from(s.orders)
      .where(eq(s.orders.reference, DEMO_REBOOK_ORDER_REFERENCE));
    expect(order).toMatchObject({ status: 'PAID', kind: 'PRODUCT' });
    expect(order!.customer.email).toBe(DEMO_REBOOK_EMAIL);

    const link = await app.inject({
      url: `/api/rebook/secret/${DEMO_REBOOK_SECRET}/${DEMO_REBOOK_ORDER_REFERENCE}`,
    });
    expect(link.statusCode).toBe(200);
    const own = await validate(DEMO_REBOOK_SECRET, '#4821 0937 563');
    expect(own.statusCode).toBe(200);
    expect(own.json().response).toMatchObject({
      status: 'PAID',
      amount: 45,
      quantity: { product: 2, upsells: {} },
    });
    const [org] = await database.db.select().from(s.organisations);
    expect((await validate(org!.rebookingSecret!)).statusCode).toBe(200);
  });

  it('rebooks to another weekday slot for exactly the 2.50 rebooking fee', async () => {
    const data = (await validate(DEMO_REBOOK_SECRET)).json().response;
    const [current] = await database.db.select().from(s.plots).where(eq(s.plots.id, data.plot));
    const [other] = await database.db
      .select()
      .from(s.plots)
      .where(eq(s.plots.productId, data.product))
      .then((plots) => plots.filter((plot) => plot.date === current!.date && plot.id !== current!.id));
    const simulated = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        simulate: true,
        customer: data.customer,
        orders: [
          {
            product: { id: data.product, plot: other!.id, quantity: 2 },
            rebook: data.hash,
            rebook_secret: data.secret,
          },
        ],
      },
    });
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json().response.orders[0].priceInfo).toEqual({
      productPrice: 45,
      discount: 0,
      additions: 2.5,
      credit: 45,
    });
  });
});
