import { productScheduleSchema } from '@kassa/domain/contract/catalogue-schedule';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { runShop } from '../../cli/run-shop.ts';
import { createAudience, createOrganisation, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { applyProductSchedule } from './apply-schedule.ts';
import { extendScheduledPlots } from './extend-schedules.ts';
import { startScheduleWorker } from './schedule-worker.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Monday 4 January 2027, 09:00 in Amsterdam; then Thursday 7 January.
const MONDAY = new Date('2027-01-04T08:00:00Z');
const THURSDAY = new Date('2027-01-07T08:00:00Z');

const schedule = productScheduleSchema.parse({
  window_days: 7,
  rules: [
    {
      days: ['mon', 'wed', 'fri'],
      slots: [
        { start: '10:00', minutes: 60 },
        { start: '14:00', minutes: 60 },
      ],
      capacity: 20,
      price: { kind: 'AUDIENCE', audiences: { adult: 15 } },
    },
  ],
  exceptions: [{ date: '2027-01-13', unselectable: true }],
});

async function plotsOf(db: Db, productIds: number[]) {
  return db
    .select({
      productId: s.plots.productId,
      date: s.plots.date,
      start: s.plots.startTime,
      selectable: s.plots.selectable,
    })
    .from(s.plots)
    .where(inArray(s.plots.productId, productIds))
    .orderBy(s.plots.productId, s.plots.date, s.plots.startTime);
}

async function scheduledProduct(db: Db, organisationId: number, slug?: string) {
  const product = await createProduct(db, organisationId, {
    hasDays: true,
    hasTimeslots: true,
    ...(slug && { slug }),
  });
  const adult = await createAudience(db, { productId: product.id });
  await db.transaction((tx) =>
    applyProductSchedule(tx, product.id, schedule, '2027-01-04', {
      audienceIds: { adult: adult.id },
      now: MONDAY,
    }),
  );
  return product.id;
}

describe('the rolling window of opening schedules', () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  async function shop(argv: string[], slug: string, now: Date) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      argv,
      {
        organisationSlug: slug,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readSecret: async () => '',
        now: () => now,
      },
      async () => ({ db, close: async () => {} }),
    );
    return { code, out, err };
  }

  it('`shop plots` extends the window by the days that passed, with the schedule exceptions, once', async () => {
    const organisation = await createOrganisation(db, { slug: 'window-shop', timeZone: 'Europe/Amsterdam' });
    const productId = await scheduledProduct(db, organisation.id, 'canal-tour');
    expect(await plotsOf(db, [productId])).toHaveLength(6); // Mon 4, Wed 6, Fri 8

    const ran = await shop(['plots'], 'window-shop', THURSDAY);
    // Three days passed: the window now ends on Wednesday 13 (Mon 11 and Wed 13 added).
    expect(ran).toEqual({
      code: 0,
      out: ['canal-tour: 4 plot(s) added for 2027-01-11 to 2027-01-13'],
      err: [],
    });
    const plots = await plotsOf(db, [productId]);
    expect(
      plots.filter((p) => p.date! >= '2027-01-11').map((p) => `${p.date} ${p.start} ${p.selectable}`),
    ).toEqual([
      '2027-01-11 10:00:00 true',
      '2027-01-11 14:00:00 true',
      '2027-01-13 10:00:00 false',
      '2027-01-13 14:00:00 false',
    ]);
    const [stored] = await db
      .select()
      .from(s.productSchedules)
      .where(eq(s.productSchedules.productId, productId));
    expect(stored!.generatedUntil).toBe('2027-01-13');
    const prices = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.plotAudiencePrices)
      .innerJoin(s.plots, eq(s.plots.id, s.plotAudiencePrices.plotId))
      .where(eq(s.plots.productId, productId));
    expect(prices[0]!.n).toBe(10);

    expect(await shop(['plots'], 'window-shop', THURSDAY)).toEqual({
      code: 0,
      out: ['canal-tour: up to date'],
      err: [],
    });
    expect(await plotsOf(db, [productId])).toHaveLength(10);
  });

  it('says so when no product has a schedule, and refuses arguments', async () => {
    await createOrganisation(db, { slug: 'no-schedules' });
    expect(await shop(['plots'], 'no-schedules', THURSDAY)).toMatchObject({
      code: 0,
      out: ['No product has an opening schedule: nothing to extend.'],
    });
    expect((await shop(['plots', 'now'], 'no-schedules', THURSDAY)).code).toBe(2);
  });

  it('goes on with the other products when one schedule no longer plans, and exits 1', async () => {
    const organisation = await createOrganisation(db, { slug: 'broken-shop', timeZone: 'Europe/Amsterdam' });
    const broken = await scheduledProduct(db, organisation.id, 'broken');
    const fine = await scheduledProduct(db, organisation.id, 'fine');
    // The audience the AUDIENCE price names is deleted after the schedule was applied.
    await db.delete(s.audiences).where(eq(s.audiences.productId, broken));
    const ran = await shop(['plots'], 'broken-shop', THURSDAY);
    expect(ran.code).toBe(1);
    expect(ran.err).toEqual([expect.stringMatching(/^broken: not extended: /)]);
    expect(ran.out).toEqual(['fine: 4 plot(s) added for 2027-01-11 to 2027-01-13']);
    expect(await plotsOf(db, [fine])).toHaveLength(10);
  });

  it('the server extends the window when it starts, without waiting for the timer', async () => {
    const organisation = await createOrganisation(db, { timeZone: 'Europe/Amsterdam' });
    const productId = await scheduledProduct(db, organisation.id);
    const logged: unknown[] = [];
    const log = {
      info: (...args: unknown[]) => logged.push(args),
      error: (...args: unknown[]) => logged.push(args),
    };
    const worker = startScheduleWorker(db, log as never, { now: () => THURSDAY, intervalMs: 3_600_000 });
    await worker.stop();
    expect(await plotsOf(db, [productId])).toHaveLength(10);
    expect(logged).toContainEqual([
      expect.objectContaining({ added: expect.any(Number) }),
      'schedules: rolling window extended',
    ]);
  });

  it.skipIf(!onPostgres)(
    'two extensions at once add every plot exactly once (native PostgreSQL)',
    async () => {
      const organisation = await createOrganisation(db, { timeZone: 'Europe/Amsterdam' });
      const productIds: number[] = [];
      for (let i = 0; i < 8; i++) productIds.push(await scheduledProduct(db, organisation.id));
      const later = new Date('2027-02-01T08:00:00Z'); // the window then ends on Sunday 7 February
      const runs = await Promise.all([0, 1, 2].map(() => extendScheduledPlots(db, later, organisation.id)));
      const plots = await plotsOf(db, productIds);
      const keys = plots.map((p) => `${p.productId} ${p.date} ${p.start}`);
      expect(new Set(keys).size).toBe(keys.length);
      // Mon/Wed/Fri from 1 to 7 February: 3 dates × 2 slots per product, plus the first week's 6.
      expect(plots).toHaveLength(8 * 12);
      const added = runs.flat().reduce((sum, extension) => sum + extension.added, 0);
      expect(added).toBe(8 * 6);
    },
  );
});
