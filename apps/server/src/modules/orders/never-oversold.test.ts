/**
 * Capacity is never oversold (ARCHITECTURE §2), proven on native PostgreSQL:
 * PGlite has one connection, so transactions there never overlap and no race
 * could show. The negative control switches the plot lock off and widens the
 * window between the count-and-insert of the holds and the commit with a
 * test-only delay (every booking starting meanwhile counts the holds without
 * the uncommitted ones), so the race the lock prevents shows
 * deterministically rather than only when the scheduler happens to
 * interleave two transactions.
 */
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { placeOrder } from './place-order.ts';
import type { SeatOptions } from './take-seats.ts';

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
      booked: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
      refused,
      unexpected,
    };
  }

  it('sells exactly 100 seats to 200 concurrent buyers and refuses the other 100', async () => {
    const result = await rush({});
    expect(result.unexpected).toEqual([]);
    expect(result).toMatchObject({ sold: SEATS, booked: SEATS, refused: BUYERS - SEATS });
  }, 120_000);

  it('oversells without the plot lock (negative control: the race the lock prevents is real)', async () => {
    const result = await rush({ lockPlots: false, delayAfterCheckMs: 25 });
    expect(result.unexpected).toEqual([]);
    expect(result.sold).toBeGreaterThan(SEATS);
  }, 120_000);
});
