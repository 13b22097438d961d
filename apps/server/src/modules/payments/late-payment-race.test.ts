/**
 * Late payments racing new bookings for the same seats, on native
 * PostgreSQL (PGlite has one connection, so nothing overlaps there): the
 * settlement re-takes seats under the same plot lock as a booking, so
 * however the two interleave, the plot never holds more than its capacity.
 */
import { and, eq, gt, inArray, or, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { placeProductOrder as placeOrder } from '../orders/product-orders.ts';
import { settlePayment } from '../../engine/settlement/settle-payment.ts';
import { ORDER_KIND_PLANS } from '../../wiring/order-kinds.ts';

const SEATS = 20;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'late payments racing bookings (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let database: Database;

    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database?.close());

    it('never holds more seats than the plot has, and every late order ends PAID or REFUND_REQUIRED', async () => {
      const { db } = database;
      const organisation = await createOrganisation(db, { holdMinutes: 15 });
      const product = await createProduct(db, organisation.id, { priceCents: 1000 });
      const plot = await createPlot(db, product.id, { capacity: SEATS });
      const book = (now: Date, buyer: string) =>
        placeOrder(db, {
          organisation,
          now,
          request: {
            action: 'pay',
            customer: { first_name: 'Buyer', last_name: buyer, email: `${buyer}@example.test`, fields: {} },
            fields: {},
            coupon: [],
            orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 }, upsells: {}, audiences: {} }],
          },
        });
      const start = new Date();
      const early = await Promise.all(Array.from({ length: SEATS }, (_, n) => book(start, `early${n}`)));
      const late = new Date(start.getTime() + 16 * 60_000);

      const outcomes = await Promise.allSettled([
        ...early.map(([answer]) =>
          settlePayment(
            db,
            ORDER_KIND_PLANS,
            ['test'],
            { status: 'PAID', payment: { hash: answer!.payment!.hash } },
            late,
          ),
        ),
        ...Array.from({ length: SEATS }, (_, n) => book(late, `late${n}`)),
      ]);
      const settled = outcomes.slice(0, SEATS);
      const booked = outcomes.slice(SEATS);
      expect(settled.every((outcome) => outcome.status === 'fulfilled')).toBe(true);

      const [held] = await db
        .select({ seats: sum(s.capacityHolds.quantity) })
        .from(s.capacityHolds)
        .where(
          and(
            eq(s.capacityHolds.plotId, plot.id),
            or(
              eq(s.capacityHolds.status, 'PAID'),
              and(
                inArray(s.capacityHolds.status, ['PENDING', 'RESERVED']),
                gt(s.capacityHolds.expiresAt, late),
              ),
            ),
          ),
        );
      expect(Number(held?.seats ?? 0)).toBeLessThanOrEqual(SEATS);

      const earlyOrders = await db
        .select({ status: s.orders.status })
        .from(s.orders)
        .where(
          inArray(
            s.orders.hash,
            early.map(([answer]) => answer!.order.hash!),
          ),
        );
      const paid = earlyOrders.filter((order) => order.status === 'PAID').length;
      const refund = earlyOrders.filter((order) => order.status === 'REFUND_REQUIRED').length;
      expect(paid + refund).toBe(SEATS);
      const newBookings = booked.filter((outcome) => outcome.status === 'fulfilled').length;
      // Every seat went to exactly one of them: late payers kept theirs or new bookers took it.
      expect(paid + newBookings).toBe(SEATS);
    });
  },
);
