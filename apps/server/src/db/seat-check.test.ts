/**
 * The seat function's count-and-insert is planned once per connection and
 * sums a plot's holds without sorting them (db/seat-check.ts, decision
 * 0282): left to choose, PostgreSQL planned it again on every call inside
 * the plot lock, and the held seats were grouped by plot, which sorted every
 * hold first. Its one plan must still count through the plot index, whatever
 * the values: here the plan made for any values (a generic plan, as the
 * function keeps it) is read with EXPLAIN, on one of many plots with holds.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from './schema.ts';
import { countAndHold, SEAT_FUNCTION } from './seat-check.ts';
import { createOrganisation, createPlot, createProduct } from '../testing/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/** Holds per plot, on PLOTS plots: a shop with some sales behind it, where the plot index pays. */
const HOLDS = 100;
const PLOTS = 20;

describe('the seat function plan', () => {
  let database: TestDatabase;
  let plotId: number;
  let orderId: number;

  async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
    const result = await database.db.execute(statement);
    return (result as unknown as { rows: T[] }).rows;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const organisation = await createOrganisation(db);
    const product = await createProduct(db, organisation.id, { priceCents: 1500 });
    const plotIds: number[] = [];
    for (let plot = 0; plot < PLOTS; plot += 1) {
      plotIds.push((await createPlot(db, product.id, { capacity: HOLDS * 2 })).id);
    }
    plotId = plotIds[0]!;
    const [order] = await db
      .insert(s.orders)
      .values({
        organisationId: organisation.id,
        hash: 'seat-plan-order',
        kind: 'PRODUCT',
        status: 'PENDING',
        customer: { first_name: 'Seat', last_name: 'Plan', email: 'seat@example.test', fields: {} },
        language: 'en',
        subtotalCents: 0,
        discountCents: 0,
        additionsCents: 0,
        totalCents: 0,
      })
      .returning({ id: s.orders.id });
    orderId = order!.id;
    await db.execute(sql`INSERT INTO capacity_holds (order_id, plot_id, quantity, status, expires_at)
      SELECT ${orderId}, plot_id, 1, 'PENDING', now() + interval '30 minutes'
      FROM unnest(${sql.raw(`ARRAY[${plotIds.join(',')}]::int[]`)}) AS plot_id, generate_series(1, ${HOLDS})`);
    // The function itself takes a seat too, as a booking does.
    const expires = new Date(Date.now() + 30 * 60_000).toISOString();
    await database.db.execute(
      sql.raw(
        `SELECT ${SEAT_FUNCTION}(ARRAY[${plotId}]::int[], ARRAY[1]::int[], ARRAY[true]::boolean[], ${orderId}, 'PENDING', '${expires}'::timestamptz, now(), true)`,
      ),
    );
    await database.db.execute(sql`ANALYZE capacity_holds`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is made to keep one plan for any values', async () => {
    const [fn] = await rows<{ config: string[] | null }>(
      sql`SELECT proconfig AS config FROM pg_proc WHERE proname = ${SEAT_FUNCTION}`,
    );
    expect(fn?.config).toContain('plan_cache_mode=force_generic_plan');
  });

  it('counts a plot through the plot index in its plan for any values, and sorts no holds', async () => {
    const check = countAndHold({
      plotIds: sql.raw('$1'),
      seats: sql.raw('$2'),
      limited: sql.raw('$3'),
      orderId: sql.raw('$4'),
      status: sql.raw('$5'),
      expiresAt: sql.raw('$6'),
      now: sql.raw('$7'),
    });
    const text = new PgDialect().sqlToQuery(
      sql`${check} SELECT short.plot_id FROM short ORDER BY short.plot_id LIMIT 1`.inlineParams(),
    ).sql;
    await database.db.execute(
      sql.raw(`PREPARE seat_plan (int[], int[], boolean[], int, text, timestamptz, timestamptz) AS ${text}`),
    );
    await database.db.execute(sql`SET plan_cache_mode = force_generic_plan`);
    try {
      const plan = await rows<{ 'QUERY PLAN': string }>(
        sql.raw(
          `EXPLAIN EXECUTE seat_plan(ARRAY[${plotId}], ARRAY[1], ARRAY[true], ${orderId}, 'PENDING', now() + interval '30 minutes', now())`,
        ),
      );
      const lines = plan.map((row) => row['QUERY PLAN']).join('\n');
      expect(lines).toMatch(/capacity_holds_plot_idx/);
      expect(lines).not.toMatch(/Seq Scan on capacity_holds/);
      expect(lines).not.toMatch(/Sort Key: capacity_holds/);
    } finally {
      await database.db.execute(sql`RESET plan_cache_mode`);
      await database.db.execute(sql`DEALLOCATE seat_plan`);
    }
  });
});
