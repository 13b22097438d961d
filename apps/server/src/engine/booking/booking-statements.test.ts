/**
 * A hot slot's orders per minute are bound by the statements each order
 * sends (every one a round trip, with both sides' work) and by how long the
 * plot lock is held (decisions 0011, 0277, 0278). On native PostgreSQL a new
 * booking sends the context read, BEGIN (its commit not waiting for the
 * disk), the order's writes, the seat check with its COMMIT and the wait for
 * the WAL flush in one script, and the payment hand-off: no rush lookup
 * inside the transaction (read with the catalogue), no COMMIT of its own
 * after the seat check, and nothing after the commit before the flush. A
 * refused booking rolls back, waits for the flush too, and leaves its
 * connection clean for the next one. PGlite has no pg client: skipped there.
 */
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { WAIT_FOR_FLUSH } from '../../db/script-commit.ts';
import * as s from '../../db/schema.ts';
import type { App } from '../../deps.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.ts';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The text of every statement any pg client sends while `work` runs; `names` gets each one's prepared name. */
async function statementsOf(
  work: () => Promise<unknown>,
  names: (string | undefined)[] = [],
): Promise<string[]> {
  const prototype = pg.Client.prototype as unknown as { query: Query };
  const original = prototype.query;
  const texts: string[] = [];
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string } | undefined;
    texts.push(String(typeof first === 'string' ? first : first?.text).trim());
    names.push(typeof first === 'string' ? undefined : first?.name);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return texts;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements of a new booking (native PostgreSQL)', () => {
  let testDatabase: TestDatabase;
  /** One connection: a booking that left its transaction open would block the next. */
  let database: Database;
  let app: App;
  let productId: number;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    database = await openDatabase({ driver: 'pg', url: testDatabase.url!, maxConnections: 1 });
    const organisation = await createOrganisation(database.db);
    productId = (await createProduct(database.db, organisation.id, { priceCents: 1500 })).id;
    const config = loadConfig({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      DATA_DIR: 'memory://',
      CAPTCHA_ORDERS_PER_IP: '0',
      // As in production: the organisation row shared for a second, not read per order.
      CATALOG_CACHE_MS: '1000',
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await testDatabase?.close();
  });

  function order(plotId: number, n: number) {
    return app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: { first_name: 'Buyer', last_name: String(n), email: `buyer${n}@example.test`, fields: {} },
        orders: [{ product: { id: productId, plot: plotId, quantity: 1 } }],
      },
    });
  }

  it('books with the seat check committing asynchronously and waiting for the flush in its own round trip, and nothing read for the rush inside', async () => {
    const plot = await createPlot(database.db, productId, { capacity: 10 });
    expect((await order(plot.id, 0)).statusCode).toBe(200);
    let response: Awaited<ReturnType<typeof order>> | undefined;
    const statements = await statementsOf(async () => {
      response = await order(plot.id, 1);
    });
    expect(response?.statusCode).toBe(200);
    // The transaction opens with its commit not waiting for the WAL flush (the plot lock goes at COMMIT).
    const begin = statements.findIndex((text) => /^begin\b/i.test(text));
    expect(statements[begin]).toBe('BEGIN; SET LOCAL synchronous_commit = off');
    // Ended by the seat check's script: the COMMIT, then the wait for a later durable commit.
    const ends = statements.filter((text) => /\bcommit\b/i.test(text) && !/^begin\b/i.test(text));
    expect(ends).toHaveLength(1);
    const end = statements.indexOf(ends[0]!);
    expect(ends[0]).toMatch(/^SELECT kassa_take_seats\(.*\);\s*COMMIT; (.*)$/s);
    expect(ends[0]!.endsWith(`COMMIT; ${WAIT_FOR_FLUSH}`)).toBe(true);
    expect(WAIT_FOR_FLUSH).toMatch(/^BEGIN; SELECT pg_logical_emit_message\(true, .*\); COMMIT$/);
    const inTransaction = statements.slice(begin + 1, end);
    expect(inTransaction.length).toBeGreaterThan(0);
    expect(inTransaction.filter((text) => /"rush"/.test(text))).toEqual([]);
    // Context, BEGIN, the order's writes, seat check + COMMIT + flush, and only then the payment hand-off.
    expect(statements).toHaveLength(5);
    expect(end).toBe(3);
    expect(statements[4]).toMatch(/"payments"/);
  });

  it("sends the context, the order's writes and the hand-off's update as statements prepared once per connection, by the same names each order", async () => {
    const plot = await createPlot(database.db, productId, { capacity: 10 });
    const first: (string | undefined)[] = [];
    const second: (string | undefined)[] = [];
    await statementsOf(() => order(plot.id, 10), first);
    const statements = await statementsOf(() => order(plot.id, 11), second);
    expect(statements).toHaveLength(5);
    // Neither drizzle nor PostgreSQL builds or plans them again per order (decision 0281).
    expect(second[0]).toBe('order_context');
    expect(second[2]).toMatch(/^booking_/);
    expect(second[4]).toMatch(/^hand_off_/);
    expect(second).toEqual(first);
    // BEGIN and the seat check's script carry values in their text: simple statements, not prepared.
    expect(second[1]).toBeUndefined();
    expect(second[3]).toBeUndefined();
  });

  it('rolls a refused booking back, answers it after the flush, and leaves the one connection usable', async () => {
    const full = await createPlot(database.db, productId, { capacity: 1 });
    expect((await order(full.id, 2)).statusCode).toBe(200);
    let refused: Awaited<ReturnType<typeof order>> | undefined;
    const statements = await statementsOf(async () => {
      refused = await order(full.id, 3);
    });
    // The refusal read holds that may be committed but not yet flushed: it waits for them too.
    expect(statements.at(-1)).toBe(`ROLLBACK; ${WAIT_FOR_FLUSH}`);
    if (!refused) throw new Error('no answer');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_ENOUGH_CAPACITY');
    const [lines] = await database.db
      .select({ count: count() })
      .from(s.orderLines)
      .where(and(eq(s.orderLines.plotId, full.id)));
    expect(lines?.count).toBe(1);
    const other = await createPlot(database.db, productId, { capacity: 5 });
    expect((await order(other.id, 4)).statusCode).toBe(200);
  });
});
