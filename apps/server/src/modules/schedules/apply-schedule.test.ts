import { productScheduleSchema } from '@kassa/domain/contract/catalogue-schedule';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createAudience, createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { applyProductSchedule, type ApplyScheduleOptions } from './apply-schedule.ts';
import { readProductSchedule } from './read-product-schedule.ts';
import { describeScheduleResult, scheduleRefusedError } from './schedule-result-text.ts';

const TODAY = '2027-01-04'; // a Monday
const NOW = new Date('2027-01-04T08:00:00Z');
const customer = { first_name: 'A', last_name: 'B', email: 'a@example.test', fields: {} };

const weekly = (capacity: number, slots = ['10:00', '14:00']) =>
  productScheduleSchema.parse({
    window_days: 7,
    rules: [
      {
        days: ['mon', 'wed', 'fri'],
        slots: slots.map((start) => ({ start, minutes: 60 })),
        capacity,
        price: { kind: 'AUDIENCE', audiences: { adult: 20, child: 10 } },
      },
    ],
  });

describe('applyProductSchedule', () => {
  let database: Database;
  let db: Db;
  let organisationId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    organisationId = (await createOrganisation(db, { timeZone: 'Europe/Amsterdam' })).id;
  });
  afterAll(() => database.close());

  async function product() {
    const { id } = await createProduct(db, organisationId, { hasDays: true, hasTimeslots: true });
    const adult = await createAudience(db, { productId: id });
    const child = await createAudience(db, { productId: id });
    return { id, audienceIds: { adult: adult.id, child: child.id } };
  }

  function apply(productId: number, schedule: ReturnType<typeof weekly>, options: ApplyScheduleOptions = {}) {
    return db.transaction((tx) =>
      applyProductSchedule(tx, productId, schedule, TODAY, { now: NOW, ...options }),
    );
  }

  /** Everything about the product's plots a schedule may change, ids included. */
  async function snapshot(productId: number) {
    const rows = await db
      .select()
      .from(s.plots)
      .where(eq(s.plots.productId, productId))
      .orderBy(asc(s.plots.id));
    const prices = await db
      .select()
      .from(s.plotAudiencePrices)
      .innerJoin(s.plots, eq(s.plots.id, s.plotAudiencePrices.plotId))
      .where(eq(s.plots.productId, productId));
    const [stored] = await db
      .select()
      .from(s.productSchedules)
      .where(eq(s.productSchedules.productId, productId));
    return {
      rows,
      prices: prices
        .map((p) => p.plot_audience_prices)
        .sort((a, b) => a.plotId - b.plotId || a.audienceId - b.audienceId),
      stored,
    };
  }

  /** A paid order with a line and a hold of `seats` on the plot. */
  async function sell(plotId: number, seats: number, status: 'PAID' | 'PENDING' = 'PAID', expiresAt?: Date) {
    const [order] = await db
      .insert(s.orders)
      .values({ organisationId, hash: `apply-${plotId}-${Math.random()}`, kind: 'PRODUCT', customer, status })
      .returning();
    await db.insert(s.orderLines).values({
      orderId: order!.id,
      kind: 'PRODUCT',
      productId: (await db.select().from(s.plots).where(eq(s.plots.id, plotId)))[0]!.productId,
      plotId,
      quantity: seats,
      unitPriceCents: 2000,
      totalCents: 2000 * seats,
    });
    await db
      .insert(s.capacityHolds)
      .values({ orderId: order!.id, plotId, quantity: seats, status, expiresAt });
    return order!.reference;
  }

  async function plotAt(productId: number, date: string, start: string) {
    const rows = await db.select().from(s.plots).where(eq(s.plots.productId, productId));
    return rows.find((row) => row.date === date && row.startTime?.startsWith(start))!;
  }

  it('creates the plots of the window with capacity and audience prices, and stores the schedule', async () => {
    const { id, audienceIds } = await product();
    const result = await apply(id, weekly(30), { audienceIds });
    // Mon 4, Wed 6, Fri 8 January, two slots each; the window ends Sunday 10.
    expect(result).toMatchObject({
      applied: true,
      window: { from: TODAY, until: '2027-01-10' },
      refused: [],
    });
    expect(result.added.map((p) => `${p.date} ${p.start}`)).toEqual([
      '2027-01-04 10:00',
      '2027-01-04 14:00',
      '2027-01-06 10:00',
      '2027-01-06 14:00',
      '2027-01-08 10:00',
      '2027-01-08 14:00',
    ]);
    const { rows, prices, stored } = await snapshot(id);
    expect(
      rows.map((r) => [r.date, r.startTime, r.endTime, r.capacity, r.priceKind, r.selectable]),
    ).toContainEqual(['2027-01-06', '14:00:00', '15:00:00', 30, 'AUDIENCE', true]);
    expect(prices).toHaveLength(12);
    expect(prices.filter((p) => p.audienceId === audienceIds.child).every((p) => p.priceCents === 1000)).toBe(
      true,
    );
    expect(stored).toMatchObject({ generatedUntil: '2027-01-10', audienceIds });
    expect(await readProductSchedule(db, id)).toEqual({
      schedule: weekly(30),
      audienceIds,
      generatedUntil: '2027-01-10',
    });
  });

  it('changes nothing when the same schedule is applied again', async () => {
    const { id, audienceIds } = await product();
    await apply(id, weekly(30), { audienceIds });
    const before = await snapshot(id);
    const again = await apply(id, weekly(30));
    expect(again).toMatchObject({
      applied: true,
      added: [],
      updated: [],
      removed: [],
      retired: [],
      refused: [],
    });
    expect(await snapshot(id)).toEqual(before);
  });

  it('updates capacity and prices of existing plots in place', async () => {
    const { id, audienceIds } = await product();
    await apply(id, weekly(30), { audienceIds });
    const plot = await plotAt(id, '2027-01-06', '10:00');
    await sell(plot.id, 5);
    const result = await apply(id, weekly(40));
    expect(result.updated).toHaveLength(6);
    expect(result.updated[0]!.fields).toEqual(['capacity']);
    expect((await plotAt(id, '2027-01-06', '10:00')).id).toBe(plot.id);
    expect((await plotAt(id, '2027-01-06', '10:00')).capacity).toBe(40);
  });

  it('refuses to lower a capacity below the seats sold, names the order and changes nothing', async () => {
    const { id, audienceIds } = await product();
    await apply(id, weekly(30), { audienceIds });
    const plot = await plotAt(id, '2027-01-06', '10:00');
    const reference = await sell(plot.id, 12);
    const before = await snapshot(id);
    const result = await apply(id, weekly(10));
    expect(result.applied).toBe(false);
    expect(result.refused).toEqual([
      {
        date: '2027-01-06',
        start: '10:00',
        code: 'CAPACITY_BELOW_HELD',
        seatsHeld: 12,
        ordersHolding: 1,
        wanted: 10,
        orderReferences: [reference],
      },
    ]);
    expect(await snapshot(id)).toEqual(before);
    expect(describeScheduleResult(result)).toEqual([
      'plots 2027-01-04 to 2027-01-10: 0 added, 5 updated, 0 removed, 0 retired (refused, nothing changed)',
      `  2027-01-06 10:00: capacity 10 is below the 12 seat(s) held (orders ${reference})`,
    ]);
    expect(scheduleRefusedError(result)).toMatchObject({ statusCode: 409, code: 'SCHEDULE_SEATS_HELD' });
    expect(scheduleRefusedError(result).message).toContain(reference);
  });

  it('refuses to remove a slot with sold tickets, names the orders and changes nothing', async () => {
    const { id, audienceIds } = await product();
    await apply(id, weekly(30), { audienceIds });
    const plot = await plotAt(id, '2027-01-08', '14:00');
    const paid = await sell(plot.id, 2);
    const pending = await sell(plot.id, 1, 'PENDING', new Date('2027-01-04T09:00:00Z'));
    const before = await snapshot(id);
    const result = await apply(id, weekly(30, ['10:00']));
    expect(result.applied).toBe(false);
    expect(result.refused).toEqual([
      expect.objectContaining({ date: '2027-01-08', start: '14:00', code: 'SEATS_HELD', seatsHeld: 3 }),
    ]);
    expect(result.refused[0]!.orderReferences.sort()).toEqual([paid, pending].sort());
    expect(await snapshot(id)).toEqual(before);
  });

  it('deletes dropped plots no order names, retires those only past orders name, and keeps past plots', async () => {
    const { id, audienceIds } = await product();
    const yesterday = await createPlot(db, id, { date: '2027-01-03', startTime: '14:00' });
    await apply(id, weekly(30), { audienceIds });
    const expired = await plotAt(id, '2027-01-06', '14:00');
    await sell(expired.id, 2, 'PENDING', new Date('2027-01-04T07:00:00Z')); // expired before NOW
    const result = await apply(id, weekly(30, ['10:00']));
    expect(result.applied).toBe(true);
    expect(result.removed.map((p) => p.date)).toEqual(['2027-01-04', '2027-01-08']);
    expect(result.retired).toEqual([{ date: '2027-01-06', start: '14:00' }]);
    const rows = (await snapshot(id)).rows;
    expect(rows.map((r) => `${r.date} ${r.startTime} ${r.selectable}`).sort()).toEqual([
      '2027-01-03 14:00:00 true',
      '2027-01-04 10:00:00 true',
      '2027-01-06 10:00:00 true',
      '2027-01-06 14:00:00 false',
      '2027-01-08 10:00:00 true',
    ]);
    expect(rows.some((r) => r.id === yesterday.id)).toBe(true);
    // Applied again: the retired plot is not reported twice.
    expect(await apply(id, weekly(30, ['10:00']))).toMatchObject({ removed: [], retired: [], updated: [] });
  });

  it('writes nothing on a dry run but reports what it would do', async () => {
    const { id, audienceIds } = await product();
    const result = await apply(id, weekly(30), { audienceIds, dryRun: true });
    expect(result).toMatchObject({ applied: false, refused: [] });
    expect(result.added).toHaveLength(6);
    expect(await snapshot(id)).toEqual({ rows: [], prices: [], stored: undefined });
  });

  it('refuses AUDIENCE prices for keys the product has no audience for', async () => {
    const { id } = await product();
    await expect(apply(id, weekly(30), { audienceIds: {} })).rejects.toMatchObject({
      code: 'INVALID_SCHEDULE',
    });
    const other = await product();
    await expect(apply(id, weekly(30), { audienceIds: other.audienceIds })).rejects.toMatchObject({
      code: 'INVALID_SCHEDULE',
    });
  });
});
