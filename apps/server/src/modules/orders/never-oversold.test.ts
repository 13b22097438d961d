/**
 * Capacity is never oversold (docs/architecture.md, decision 0002), proven on
 * native PostgreSQL: PGlite has one connection, so transactions there never
 * overlap and no race could show. The negative control switches the plot lock
 * off and widens the window between the count-and-insert of the holds and the
 * commit with a test-only delay (every booking starting meanwhile counts the
 * holds without the uncommitted ones), so the race the lock prevents shows
 * deterministically rather than only when the scheduler happens to interleave
 * two transactions.
 */
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createCoupon, createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createIssuedVoucher } from './order-fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { placeProductOrder as placeOrder } from './product-orders.ts';
import type { SeatOptions } from '../../engine/booking/take-seats.ts';

const BUYERS = 200;
const SEATS = 100;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('never oversold (runs on native PostgreSQL only: set TEST_DATABASE_URL)', () => {
  let database: Database;
  let organisation: typeof s.organisations.$inferSelect;

  beforeAll(async () => {
    database = await openTestDatabase(); // a pool of 20 connections
    organisation = await createOrganisation(database.db);
  });
  afterAll(() => database?.close());

  /** 200 buyers of one seat each, all at once, on a fresh plot with 100 seats. */
  async function rush(seatOptions: SeatOptions) {
    const { db } = database;
    const product = await createProduct(db, organisation.id, { priceCents: 1000 });
    const plot = await createPlot(db, product.id, { capacity: SEATS });
    const now = new Date();
    const outcomes = await Promise.allSettled(
      Array.from({ length: BUYERS }, (_, buyer) =>
        placeOrder(db, {
          organisation,
          now,
          seatOptions,
          request: {
            action: 'pay',
            customer: {
              first_name: 'Buyer',
              last_name: String(buyer),
              email: `buyer${buyer}@example.test`,
              fields: {},
            },
            fields: {},
            coupon: [],
            orders: [
              { product: { id: plot.productId, plot: plot.id, quantity: 1 }, upsells: {}, audiences: {} },
            ],
          },
        }),
      ),
    );
    const [held] = await db
      .select({ seats: sum(s.capacityHolds.quantity).mapWith(Number) })
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.plotId, plot.id)));
    // A refused order writes nothing: its lines must not outlive the seat check (it may commit with it).
    const [lines] = await db
      .select({ count: count() })
      .from(s.orderLines)
      .where(eq(s.orderLines.plotId, plot.id));
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' &&
        outcome.reason instanceof AppError &&
        outcome.reason.code === 'NOT_ENOUGH_CAPACITY',
    ).length;
    const unexpected = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' &&
        !(outcome.reason instanceof AppError && outcome.reason.code === 'NOT_ENOUGH_CAPACITY'),
    );
    return {
      sold: held?.seats ?? 0,
      orderLines: lines?.count ?? 0,
      booked: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
      refused,
      unexpected,
    };
  }

  it('sells exactly 100 seats to 200 concurrent buyers and refuses the other 100', async () => {
    const result = await rush({});
    expect(result.unexpected).toEqual([]);
    expect(result).toMatchObject({ sold: SEATS, booked: SEATS, refused: BUYERS - SEATS, orderLines: SEATS });
  }, 120_000);

  it('oversells without the plot lock (negative control: the race the lock prevents is real)', async () => {
    const result = await rush({ lockPlots: false, delayAfterCheckMs: 25 });
    expect(result.unexpected).toEqual([]);
    expect(result.sold).toBeGreaterThan(SEATS);
  }, 120_000);

  /** `buyers` concurrent orders of one ticket each, all sending `code`. */
  async function rushWithCode(code: string, buyers: number) {
    const { db } = database;
    const product = await createProduct(db, organisation.id, { priceCents: 1000 });
    const plot = await createPlot(db, product.id, { capacity: null });
    const now = new Date();
    return Promise.allSettled(
      Array.from({ length: buyers }, (_, buyer) =>
        placeOrder(db, {
          organisation,
          now,
          request: {
            action: 'pay',
            customer: {
              first_name: 'Buyer',
              last_name: String(buyer),
              email: `coupon${buyer}@example.test`,
              fields: {},
            },
            fields: {},
            coupon: [code],
            orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 }, upsells: {}, audiences: {} }],
          },
        }),
      ),
    );
  }

  it('gives the last uses of a limited coupon to exactly that many concurrent orders', async () => {
    await createCoupon(database.db, organisation.id, { code: 'FIVEUSES', maxUses: 5 });
    const outcomes = await rushWithCode('FIVEUSES', 30);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const [coupon] = await database.db.select().from(s.coupons).where(eq(s.coupons.code, 'FIVEUSES'));
    expect(coupon!.uses).toBe(5);
  }, 120_000);

  it('never spends more voucher credit than the code holds, however many orders race for it', async () => {
    const voucher = await createIssuedVoucher(database.db, organisation.id, {
      code: 'RACE-CRED-0001',
      balanceCents: 3000,
    });
    const outcomes = await rushWithCode('RACE-CRED-0001', 20);
    const [after] = await database.db
      .select()
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.id, voucher.id));
    const spent = await database.db
      .select({ cents: sum(s.orderLines.totalCents).mapWith(Number) })
      .from(s.orderLines)
      .where(eq(s.orderLines.issuedVoucherId, voucher.id));
    expect(after!.balanceCents).toBeGreaterThanOrEqual(0);
    expect(spent[0]!.cents + after!.balanceCents).toBe(3000);
    // Each order needs 10.00 of the 30.00: exactly three can have it.
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(after!.balanceCents).toBe(0);
  }, 120_000);
});
