/**
 * GET /api/payment/{reservation hash} is a GET a browser may repeat: ten
 * calls at once create one payment and all answer it. On native PostgreSQL
 * every call is made to wait on the order's row lock (held by the test)
 * until all ten are waiting, so they overlap in the worst way every run.
 * On PGlite (one connection) they take turns, which must end the same.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { reservableShop, reservedHash } from './reservation-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const CALLS = 10;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('the payment of a reservation, asked for ten times at once', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => START });
  });
  afterAll(() => test?.close());

  async function waitingOnLocks(): Promise<number> {
    const result = (await test.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  it('creates one payment and answers it to every call', async () => {
    const { show } = await reservableShop(test.db);
    const hash = await reservedHash(test.app, show, 2);
    const [{ orderId }] = (await test.db
      .select({ orderId: s.reservations.orderId })
      .from(s.reservations)
      .where(eq(s.reservations.hash, hash))) as [{ orderId: number }];
    const call = () => test.app.inject(`/api/payment/${hash}`);
    let calls: ReturnType<typeof call>[] = [];
    if (onPostgres) {
      await test.db.transaction(async (tx) => {
        await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.id, orderId)).for('update');
        calls = Array.from({ length: CALLS }, call);
        await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThanOrEqual(CALLS), {
          timeout: 60_000,
          interval: 20,
        });
      });
    } else {
      calls = Array.from({ length: CALLS }, call);
    }
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(CALLS).fill(200));
    const hashes = new Set(answers.map((answer) => answer.json().response.payment.hash));
    expect(hashes.size).toBe(1);
    const rows = await test.db.select().from(s.payments).where(eq(s.payments.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'OPEN', amountCents: 3000, gateway: 'test' });
  }, 120_000);
});
