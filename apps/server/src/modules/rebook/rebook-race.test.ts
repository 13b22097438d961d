/**
 * Rebookings of one order racing each other and its payments, on native
 * PostgreSQL (PGlite has one connection, so nothing overlaps there): the old
 * order's row lock, taken first by every path, makes the move happen once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  orderById,
  paidOrder,
  pay,
  postOrder,
  rebookingShop,
  seatsTaken,
  SHOP_SECRET,
  slotProduct,
  validate,
} from './rebook-fixtures.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('concurrent rebookings (native PostgreSQL only: set TEST_DATABASE_URL)', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let organisationId: number;
  let ip = 0;

  beforeAll(async () => {
    // The real clock: the plots are in 2099, so they never start.
    test = await createTestApp();
    ({ app, db } = test);
    organisationId = (await rebookingShop(db)).id;
  });
  afterAll(() => test?.close());

  async function setUp() {
    const shop = await slotProduct(db, organisationId);
    for (const plot of [shop.plot, shop.same, shop.dearer, shop.cheaper])
      await db
        .update(s.plots)
        .set({ date: plot.date!.replace('2026', '2099') })
        .where(eq(s.plots.id, plot.id));
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const response = await validate(
      app,
      { order: { id: old.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
      `198.18.0.${++ip}`,
    );
    expect(response.statusCode).toBe(200);
    const data = response.json().response as { hash: string; secret: string };
    const rebook = (plotId: number) =>
      postOrder(app, {
        orders: [
          {
            product: { id: shop.product.id, plot: plotId, quantity: 2 },
            rebook: data.hash,
            rebook_secret: data.secret,
          },
        ],
      });
    return { shop, old, rebook };
  }

  const rebookingsOf = (oldId: number) =>
    db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, oldId));

  it('the same order rebooked many times at once moves exactly once', async () => {
    const { shop, old, rebook } = await setUp();
    const answers = await Promise.all(Array.from({ length: 6 }, () => rebook(shop.cheaper.id)));
    const moved = answers.filter((answer) => answer.statusCode === 200);
    expect(moved).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200))
      expect(['REBOOK_NOT_ALLOWED', 'REBOOK_ALREADY_MOVED']).toContain(refused.json().error.code);
    expect((await orderById(db, old.id)).status).toBe('REBOOKED');
    const rebookings = await rebookingsOf(old.id);
    expect(rebookings.filter((order) => order.status === 'PAID')).toHaveLength(1);
    const now = new Date();
    expect(await seatsTaken(db, shop.plot.id, now)).toBe(0);
    expect(await seatsTaken(db, shop.cheaper.id, now)).toBe(2);
  });

  it('a payment racing a new rebooking of the same order: one wins, the booking moves at most once', async () => {
    for (let round = 0; round < 5; round++) {
      const { shop, old, rebook } = await setUp();
      const first = (await rebook(shop.dearer.id)).json().response.orders[0];
      const [paid, second] = await Promise.all([pay(app, first.payment.hash), rebook(shop.same.id)]);
      expect(paid.statusCode).toBe(303);
      expect([200, 400]).toContain(second.statusCode);

      const oldNow = await orderById(db, old.id);
      const rebookings = await rebookingsOf(old.id);
      const holding = rebookings.filter((order) => order.status === 'PAID');
      const [firstOrder] = rebookings.filter((order) => order.hash === first.order.hash);
      if (holding.length === 1) {
        // The payment came first: the booking moved to the first slot; the second rebooking was refused.
        expect(oldNow.status).toBe('REBOOKED');
        expect(['REBOOK_NOT_ALLOWED', 'REBOOK_ALREADY_MOVED']).toContain(second.json().error.code);
      } else {
        // The second rebooking came first: it withdrew the first, whose payment is flagged.
        expect(holding).toHaveLength(0);
        expect(oldNow.status).toBe('PAID');
        expect(firstOrder!.status).toBe('CANCELLED');
      }
      const openHolds = await db
        .select()
        .from(s.capacityHolds)
        .where(and(eq(s.capacityHolds.orderId, old.id), inArray(s.capacityHolds.status, ['PAID'])));
      expect(openHolds.length === 0).toBe(oldNow.status === 'REBOOKED');
    }
  });
});
