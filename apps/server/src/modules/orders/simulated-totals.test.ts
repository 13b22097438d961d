import { simulatedTotals } from '@kassa/domain/rules/simulated-totals';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import type { App } from '../../deps.ts';
import {
  DEMO_CLIENT_EMAIL,
  DEMO_CLIENT_PASSWORD,
  DEMO_REBOOK_EMAIL,
  DEMO_REBOOK_SECRET,
  DEMO_VOUCHER_CODE,
} from '../../seed/demo-constants.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { openTestDatabase } from '../../testing/test-database.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

/**
 * The order summary shows `simulatedTotals` of the simulation (decision
 * 0147). For every kind of discount, that total is exactly what the order
 * placed with the same request is charged: one source of truth.
 */
describe('the simulated total is the charged total, for every discount kind', () => {
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

  async function product(slug: string) {
    const [row] = await database.db.select().from(s.products).where(eq(s.products.slug, slug));
    return row!;
  }

  async function upsell(title: string) {
    const rows = await database.db.select().from(s.upsells);
    return rows.find((row) => row.title.en === title)!;
  }

  /** The demo shop asks for the e-mail twice (a custom EMAIL_CONFIRM field). */
  async function customer(email: string, token: string | null = null) {
    const [confirm] = await database.db.select().from(s.fields).where(eq(s.fields.type, 'EMAIL_CONFIRM'));
    return { first_name: 'Ada', last_name: 'Lovelace', email, token, fields: { [confirm!.id]: email } };
  }

  /** Simulates the body with placeholders (as the storefront does), then places it: both totals. */
  async function simulatedAndCharged(body: Record<string, unknown>, real: Record<string, unknown>) {
    const simulated = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...body, simulate: true },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    const shown = simulatedTotals(simulated.json().response.orders)!;
    const placed = await app.inject({ method: 'POST', url: '/api/orders', payload: { ...body, ...real } });
    expect(placed.statusCode, placed.body).toBe(200);
    const hash = placed.json().response.orders[0].order.hash as string;
    const [order] = await database.db.select().from(s.orders).where(eq(s.orders.hash, hash));
    return { shown, order: order! };
  }

  const placeholders = (token: string | null = null) => ({
    first_name: '',
    last_name: '',
    email: '',
    token,
    fields: {},
  });

  it('a coupon (tickets only, not the audio guides), with the booking fee', async () => {
    const flex = await product('flex-ticket');
    const guide = await upsell('Audio guide');
    const body = {
      action: 'pay',
      customer: placeholders(),
      coupon: ['WELCOME10'],
      orders: [
        { product: { id: flex.id, quantity: 2 }, upsells: { [guide.id]: { id: guide.id, quantity: 2 } } },
      ],
    };
    const { shown, order } = await simulatedAndCharged(body, {
      customer: await customer('coupon@example.test'),
    });
    expect(shown.discountCents).toBeGreaterThan(0);
    expect(shown.additionsCents).toBeGreaterThan(0);
    expect(shown.totalCents).toBe(order.totalCents);
  });

  it('voucher credit', async () => {
    const flex = await product('flex-ticket');
    const body = {
      action: 'pay',
      customer: placeholders(),
      coupon: [DEMO_VOUCHER_CODE],
      orders: [{ product: { id: flex.id, quantity: 1 } }],
    };
    const { shown, order } = await simulatedAndCharged(body, {
      customer: await customer('credit@example.test'),
    });
    expect(shown.discountCents).toBeGreaterThan(0);
    expect(shown.totalCents).toBe(order.totalCents);
  });

  it('a subscription redemption (the logged-in client’s ten-visit card)', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { email: DEMO_CLIENT_EMAIL, password: DEMO_CLIENT_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const client = login.json() as {
      token: string;
      subscriptions: { token: string; type: string; subscription: { products: number[] } }[];
    };
    const admission = await product('museum-admission');
    const card = client.subscriptions.find(
      (held) => held.type === 'ONLINE' && held.subscription.products.includes(admission.id),
    )!;
    const [adult] = await database.db
      .select()
      .from(s.audiences)
      .where(eq(s.audiences.productId, admission.id));
    const [plot] = await database.db
      .select()
      .from(s.plots)
      .where(and(eq(s.plots.productId, admission.id), gt(s.plots.date, '2026-06-16')));
    const body = {
      action: 'pay',
      customer: placeholders(client.token),
      orders: [
        {
          product: { id: admission.id, plot: plot!.id },
          audiences: { [adult!.id]: { id: adult!.id, quantity: 1 } },
          subscription: card.token,
        },
      ],
    };
    const { shown, order } = await simulatedAndCharged(body, {
      customer: await customer(DEMO_CLIENT_EMAIL, client.token),
    });
    // The pass pays the visit: nothing to pay, as charged (the local rules showed the ticket price).
    expect(shown.totalCents).toBe(0);
    expect(shown.totalCents).toBe(order.totalCents);
  });

  it('a rebooking (the fee, less the booked order’s credit)', async () => {
    const validate = await app.inject({
      method: 'POST',
      url: '/api/rebook/validate',
      payload: { order: { id: '48210937563', email: DEMO_REBOOK_EMAIL }, secret: DEMO_REBOOK_SECRET },
    });
    const data = validate.json().response;
    const [current] = await database.db.select().from(s.plots).where(eq(s.plots.id, data.plot));
    const others = await database.db.select().from(s.plots).where(eq(s.plots.productId, data.product));
    const confirmed = await customer(DEMO_REBOOK_EMAIL);
    const real = { customer: { ...data.customer, fields: { ...data.customer.fields, ...confirmed.fields } } };
    // Another slot of the same day; the seed fills some slots, so the first with room is taken.
    let result: Awaited<ReturnType<typeof simulatedAndCharged>> | null = null;
    for (const plot of others.filter((p) => p.date === current!.date && p.id !== current!.id)) {
      const body = {
        action: 'pay',
        customer: placeholders(),
        orders: [
          {
            product: { id: data.product, plot: plot.id, quantity: 2 },
            rebook: data.hash,
            rebook_secret: data.secret,
          },
        ],
      };
      const full = await app.inject({ method: 'POST', url: '/api/orders', payload: { ...body, ...real } });
      if (full.statusCode === 409) continue;
      expect(full.statusCode, full.body).toBe(200);
      // A simulation writes nothing: asked now, it prices the very request just placed.
      const simulated = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: { ...body, simulate: true },
      });
      const hash = full.json().response.orders[0].order.hash as string;
      const [order] = await database.db.select().from(s.orders).where(eq(s.orders.hash, hash));
      result = { shown: simulatedTotals(simulated.json().response.orders)!, order: order! };
      break;
    }
    expect(result, 'a slot with room').not.toBeNull();
    const { shown, order } = result!;
    expect(shown.creditCents).toBeGreaterThan(0);
    expect(shown.totalCents).toBe(250);
    expect(shown.totalCents).toBe(order.totalCents);
  });
});
