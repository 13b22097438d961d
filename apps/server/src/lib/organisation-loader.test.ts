import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { organisations } from '../db/schema.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { organisationLoader } from './context.ts';

describe('organisationLoader (the order path’s organisation row)', () => {
  let database: Database;
  let slug: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    slug = (await createOrganisation(database.db, { holdMinutes: 30 })).slug;
  });
  afterAll(() => database?.close());

  async function setHoldMinutes(minutes: number) {
    await database.db.update(organisations).set({ holdMinutes: minutes }).where(eq(organisations.slug, slug));
  }

  it('keeps the row for its TTL, so an edit shows only once that has passed', async () => {
    await setHoldMinutes(30);
    const load = organisationLoader(database.db, slug, 60_000);
    expect((await load()).holdMinutes).toBe(30);
    await setHoldMinutes(45);
    expect((await load()).holdMinutes).toBe(30);
  });

  it('reads the row every time with TTL 0 (as tests and CATALOG_CACHE_MS=0 do)', async () => {
    await setHoldMinutes(30);
    const load = organisationLoader(database.db, slug, 0);
    expect((await load()).holdMinutes).toBe(30);
    await setHoldMinutes(45);
    expect((await load()).holdMinutes).toBe(45);
  });
});
