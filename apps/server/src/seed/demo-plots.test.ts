import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { activeHold, heldSeats } from '../engine/booking/active-holds.ts';
import { extendScheduledPlots } from '../modules/schedules/extend-schedules.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { isWeekend } from './dates.ts';
import { seedIfEmpty } from './seed.ts';

// 23:30 UTC on 28 March is already 29 March in Amsterdam (and the night clocks go forward).
const NOW = new Date('2026-03-28T23:30:00Z');
const TODAY_IN_AMSTERDAM = '2026-03-29';
const LAST_DAY = '2026-06-26'; // today + 89: a 90-day window, today included

describe('the demo plots', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await seedIfEmpty(db, NOW);
  });
  afterAll(async () => {
    await database.close();
  });

  /** Seats left and orders taken per plot, by THE active-hold rule. */
  function availability() {
    return db
      .select({
        id: s.plots.id,
        productId: s.plots.productId,
        capacity: s.plots.capacity,
        maxOrders: s.plots.maxOrders,
        held: heldSeats,
        orders: sql<number>`count(distinct ${s.capacityHolds.orderId})::int`,
      })
      .from(s.plots)
      .leftJoin(s.capacityHolds, and(eq(s.capacityHolds.plotId, s.plots.id), activeHold(NOW)))
      .groupBy(s.plots.id);
  }

  it('covers the 90 days from today in the organisation time zone, not the server one', async () => {
    const [range] = await db
      .select({
        first: sql<string>`min(${s.plots.date})::text`,
        last: sql<string>`max(${s.plots.date})::text`,
      })
      .from(s.plots)
      // The past sales' plots (seed/past-sales.ts) lie before today and are not sold any more.
      .where(sql`${s.plots.date} >= ${TODAY_IN_AMSTERDAM}::date OR ${s.plots.selectable}`);
    expect(range).toEqual({ first: TODAY_IN_AMSTERDAM, last: LAST_DAY });
  });

  it('gives products without days a single open plot', async () => {
    const undated = await db.select().from(s.products).where(eq(s.products.hasDays, false));
    expect(undated.length).toBeGreaterThan(0);
    for (const product of undated) {
      const plots = await db.select().from(s.plots).where(eq(s.plots.productId, product.id));
      expect(plots).toHaveLength(1);
      expect(plots[0]!.date).toBeNull();
    }
  });

  it('has sold-out plots with really nothing left, and nearly full ones', async () => {
    const rows = await availability();
    const limited = rows.filter((r) => r.capacity !== null);
    const soldOut = limited.filter((r) => r.capacity! - r.held === 0);
    const nearlyFull = limited.filter(
      (r) => r.capacity! - r.held > 0 && r.capacity! - r.held <= r.capacity! * 0.1,
    );
    expect(soldOut.length).toBeGreaterThan(0);
    expect(nearlyFull.length).toBeGreaterThan(0);
    expect(limited.every((r) => r.held <= r.capacity!)).toBe(true);
    // Every limited product has a sold-out plot, so each calendar shows one.
    expect(new Set(soldOut.map((r) => r.productId)).size).toBeGreaterThanOrEqual(6);
  });

  it('leaves the other plots free to book, and some plots without any limit', async () => {
    const rows = await availability();
    expect(rows.filter((r) => r.capacity !== null && r.held === 0).length).toBeGreaterThan(100);
    const unlimited = await db.$count(
      s.plots,
      and(isNull(s.plots.capacity), sql`${s.plots.date} is not null`),
    );
    expect(unlimited).toBeGreaterThanOrEqual(90);
  });

  it('lists a day that cannot be selected', async () => {
    expect(await db.$count(s.plots, eq(s.plots.selectable, false))).toBeGreaterThan(0);
  });

  it('caps orders on some plots and has reached that cap on a few', async () => {
    const capped = (await availability()).filter((r) => r.maxOrders !== null);
    expect(capped.some((r) => r.orders >= r.maxOrders!)).toBe(true);
    expect(capped.some((r) => r.orders < r.maxOrders!)).toBe(true);
  });

  it('prices weekend plots higher and some plots per audience', async () => {
    const rows = await db
      .select({ date: s.plots.date, plotPrice: s.plots.priceCents, productPrice: s.products.priceCents })
      .from(s.plots)
      .innerJoin(s.products, eq(s.products.id, s.plots.productId))
      .where(eq(s.plots.priceKind, 'DAY'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(isWeekend(row.date!)).toBe(true);
      expect(row.plotPrice!).toBeGreaterThan(row.productPrice);
    }
    const audiencePrices = await db
      .select({ plotPrice: s.plotAudiencePrices.priceCents, basePrice: s.audiences.priceCents })
      .from(s.plotAudiencePrices)
      .innerJoin(s.audiences, eq(s.audiences.id, s.plotAudiencePrices.audienceId));
    expect(audiencePrices.length).toBeGreaterThan(0);
    for (const price of audiencePrices) expect(price.plotPrice).toBeGreaterThan(price.basePrice);
  });

  it('keeps being extended by the daily window run: the import stored every dated product’s schedule', async () => {
    const dated = await db
      .select({ slug: s.products.slug })
      .from(s.products)
      .where(eq(s.products.hasDays, true));
    const scheduled = await db.select({ productId: s.productSchedules.productId }).from(s.productSchedules);
    expect(scheduled).toHaveLength(dated.filter((p) => p.slug !== 'winter-festival').length);

    // A week later the window has moved seven days on.
    const [org] = await db.select().from(s.organisations);
    const later = new Date(NOW.getTime() + 7 * 86_400_000);
    const extensions = await extendScheduledPlots(db, later, org!.id);
    expect(extensions.every((e) => e.skipped === undefined)).toBe(true);
    const [range] = await db.select({ last: sql<string>`max(${s.plots.date})::text` }).from(s.plots);
    expect(range!.last).toBe('2026-07-03');
    const museum = extensions.find((e) => e.productSlug === 'museum-admission')!;
    expect(museum).toMatchObject({ from: '2026-06-27', until: '2026-07-03', added: 6 });
  });
});
