import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { seedIfEmpty } from './seed.ts';

const TABLES = {
  organisations: s.organisations,
  categories: s.categories,
  products: s.products,
  plots: s.plots,
  capacityHolds: s.capacityHolds,
  audiences: s.audiences,
  upsells: s.upsells,
  subscriptions: s.subscriptions,
  vouchers: s.vouchers,
  fields: s.fields,
  coupons: s.coupons,
  clients: s.clients,
  issuedVouchers: s.issuedVouchers,
};

async function counts(database: Database): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => [name, await database.db.$count(table)] as const),
  );
  return Object.fromEntries(entries);
}

describe('seedIfEmpty', () => {
  const opened: Database[] = [];
  async function freshDatabase(): Promise<Database> {
    const database = await openTestDatabase();
    opened.push(database);
    return database;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
  });

  it('seeds an empty database once; a second run adds nothing', async () => {
    const database = await freshDatabase();
    const started = performance.now();
    expect(await seedIfEmpty(database.db)).toBe(true);
    const seconds = (performance.now() - started) / 1000;
    const first = await counts(database);
    expect(first.organisations).toBe(1);
    expect(first.plots).toBeGreaterThan(1000);

    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await counts(database)).toEqual(first);
    // Not asserted (shared CI cores); printed so a slow seed gets noticed.
    console.info(`demo seed took ${seconds.toFixed(2)} s`);
  });

  it('leaves a database that already has a shop alone', async () => {
    const database = await freshDatabase();
    await createOrganisation(database.db, { slug: 'someone-else' });
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await database.db.$count(s.products)).toBe(0);
  });

  it('seeds exactly once when two instances start at the same time', async () => {
    const database = await freshDatabase();
    const results = await Promise.all([seedIfEmpty(database.db), seedIfEmpty(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.$count(s.organisations)).toBe(1);
    expect(await database.db.$count(s.faqQuestions)).toBeGreaterThanOrEqual(6);
  });
});
