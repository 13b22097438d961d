/**
 * One pass makes one order, whatever number of orders spend it at the same
 * moment on any number of instances (decision 0266): the spend is one
 * conditional UPDATE, which PostgreSQL re-checks after the row lock. The
 * negative control reads the entry first and spends it after a pause, as a
 * check-then-write would: concurrent orders then all see it unspent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RushSettings } from '@kassa/domain/rules/rush';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { joinQueue, tickQueue } from './rush-queue.ts';
import { rushKey, signRushToken } from './rush-tokens.ts';
import { spendRushPass, type SpendPassOptions } from './spend-pass.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ORDERS = 8;

describe.skipIf(!onPostgres)('one pass, one order (native PostgreSQL: set TEST_DATABASE_URL)', () => {
  let database: Database;
  let organisationId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    organisationId = (await createOrganisation(database.db)).id;
  });
  afterAll(() => database?.close());

  /** A visitor admitted to a rush; ORDERS orders spend their pass at once. Answers how many were accepted. */
  async function race(options: SpendPassOptions) {
    const { db } = database;
    const now = new Date();
    const settings: RushSettings = {
      opensAt: new Date(now.getTime() - 60_000).toISOString(),
      preQueueMinutes: 15,
      admitPerMinute: 10,
      passMinutes: 10,
      endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
    };
    const product = await createProduct(db, organisationId, {
      priceCents: 1000,
      capacityType: 'NONE',
      rush: settings,
    });
    const rush = { productId: product.id, scope: `product:${product.id}`, settings };
    const entry = await joinQueue(db, organisationId, rush, now);
    await tickQueue(db, entry.queueId, rush, now, { minIntervalMs: 0 });
    const [admitted] = await db.select().from(s.rushEntries).where(eq(s.rushEntries.id, entry.entryId));
    expect(admitted!.status).toBe('ADMITTED');
    const pass = signRushToken(await rushKey(db), {
      t: 'p',
      e: entry.entryId,
      q: entry.queueId,
      p: product.id,
      x: admitted!.passExpiresAt!.getTime(),
    });
    const orders = await db
      .insert(s.orders)
      .values(
        Array.from({ length: ORDERS }, (_, index) => ({
          organisationId,
          hash: `rush-race-${product.id}-${index}`,
          kind: 'PRODUCT' as const,
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} },
        })),
      )
      .returning({ id: s.orders.id });
    const results = await Promise.allSettled(
      orders.map((order) =>
        db.transaction((tx) =>
          spendRushPass(tx, organisationId, [product.id], pass, order.id, now, { delayMs: 150, ...options }),
        ),
      ),
    );
    const accepted = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => (result.reason as { code?: string }).code);
    return { accepted, refused };
  }

  it('accepts exactly one of the orders that spend one pass at once', async () => {
    const { accepted, refused } = await race({});
    expect(accepted).toBe(1);
    expect(refused).toEqual(Array.from({ length: ORDERS - 1 }, () => 'RUSH_PASS_USED'));
  });

  it('negative control: a read-then-write spend accepts the pass for several orders', async () => {
    const { accepted } = await race({ guard: false });
    expect(accepted).toBeGreaterThan(1);
  });
});
