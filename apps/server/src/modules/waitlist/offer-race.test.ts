/**
 * Freed places are offered once, whatever number of server instances offer
 * them at the same moment (decision 0252): each call locks the plot's row
 * before counting what is free. Without the locks (the negative control)
 * concurrent calls each count the same free places and hand them out twice.
 */
import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { activeHold } from '../../engine/booking/active-holds.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { offerFreedPlaces, type OfferOptions } from './offer-freed-places.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const CALLERS = 8;
const FREE = 4;

describe.skipIf(!onPostgres)('freed places offered once (native PostgreSQL: set TEST_DATABASE_URL)', () => {
  let database: Database;
  let organisationId: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    organisationId = (await createOrganisation(database.db)).id;
  });
  afterAll(() => database?.close());

  /** A plot with FREE places and ten people waiting for one place each; CALLERS offer at once. */
  async function race(options: OfferOptions) {
    const { db } = database;
    const product = await createProduct(db, organisationId, { priceCents: 1000 });
    const plot = await createPlot(db, product.id, { capacity: FREE });
    await db.insert(s.waitlistEntries).values(
      Array.from({ length: 10 }, (_, index) => ({
        organisationId,
        plotId: plot.id,
        email: `wait${index}@example.test`,
        language: 'en',
        quantity: 1,
      })),
    );
    const now = new Date();
    const offered = (
      await Promise.all(
        Array.from({ length: CALLERS }, () =>
          offerFreedPlaces(db, plot.id, { now, delayAfterCountMs: 150, ...options }),
        ),
      )
    ).flat();
    const [held] = await db
      .select({ seats: sum(s.capacityHolds.quantity) })
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.plotId, plot.id), activeHold(now)));
    const entries = await db.select().from(s.waitlistEntries).where(eq(s.waitlistEntries.plotId, plot.id));
    return {
      offered,
      held: Number(held?.seats ?? 0),
      offeredEntries: entries.filter((entry) => entry.status === 'OFFERED').length,
    };
  }

  it('offers exactly the free places, each to one person', async () => {
    const result = await race({});
    expect(result.offered).toHaveLength(FREE);
    expect(new Set(result.offered).size).toBe(FREE);
    expect(result.held).toBe(FREE);
    expect(result.offeredEntries).toBe(FREE);
  });

  it('negative control: without the locks the same places are offered more than once', async () => {
    const result = await race({ locks: false });
    expect(result.held).toBeGreaterThan(FREE);
    expect(result.offered.length).toBeGreaterThan(FREE);
  });
});
