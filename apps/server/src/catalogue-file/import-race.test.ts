/**
 * An import that lowers an open plot's capacity never leaves it below the
 * seats sold, even when a booking lands while the import runs. Native
 * PostgreSQL only (PGlite has one connection, so nothing overlaps); the
 * negative control skips the import's plot lock and widens the window
 * between its seat count and its write, and the race shows.
 */
import { and, eq, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { placeProductOrder } from '../modules/orders/product-orders.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { applyImport, planImport } from './import-catalogue.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const media = { writable: '/nonexistent', served: [] };

const shop = (slug: string, capacity: number) => `version: 1
organisation:
  { slug: ${slug}, name: Race, currency: EUR, time_zone: Europe/Amsterdam,
    tax_rates: [{ name: reduced, percentage: 9 }], seller: { legal_name: Race B.V., address: Quay 1 } }
products:
  - { slug: pass, title: Pass, price: 10, vat_rate: reduced, capacity: ${capacity} }
`;

describe.skipIf(!onPostgres)(
  'import against a booking (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database?.close());

    async function importShop(slug: string, capacity: number, checks?: Parameters<typeof applyImport>[3]) {
      const plan = await planImport(database.db, shop(slug, capacity), '.', media);
      if (!plan.ok) throw new Error(plan.errors.join('\n'));
      return applyImport(database.db, plan, new Date(), checks);
    }

    /** Lowers the capacity from 10 to 5 while a booking of 8 seats starts 150 ms into the import. */
    async function race(slug: string, lockPlots: boolean) {
      const { db } = database;
      await importShop(slug, 10);
      const [organisation] = await db.select().from(s.organisations).where(eq(s.organisations.slug, slug));
      const [product] = await db
        .select()
        .from(s.products)
        .where(and(eq(s.products.organisationId, organisation!.id), eq(s.products.slug, 'pass')));
      const [plot] = await db
        .select()
        .from(s.plots)
        .where(and(eq(s.plots.productId, product!.id), isNull(s.plots.date)));

      // The booking starts once the import has checked what is sold, however slow the machine.
      let checked!: () => void;
      const checkedNow = new Promise<void>((resolve) => (checked = resolve));
      const importing = importShop(slug, 5, { lockPlots, delayAfterCheckMs: 600, onChecked: checked });
      await checkedNow;
      const booking = placeProductOrder(db, {
        organisation: organisation!,
        now: new Date(),
        request: {
          action: 'pay',
          customer: { first_name: 'Early', last_name: 'Bird', email: 'early@example.test', fields: {} },
          fields: {},
          coupon: [],
          orders: [{ product: { id: product!.id, plot: plot!.id, quantity: 8 }, upsells: {}, audiences: {} }],
        },
      });
      const [imported, booked] = await Promise.allSettled([importing, booking]);
      const [after] = await db.select().from(s.plots).where(eq(s.plots.id, plot!.id));
      const [held] = await db
        .select({ seats: sum(s.capacityHolds.quantity).mapWith(Number) })
        .from(s.capacityHolds)
        .where(eq(s.capacityHolds.plotId, plot!.id));
      return { imported, booked, capacity: after!.capacity, sold: held?.seats ?? 0 };
    }

    it('makes the booking wait for the import, which then has too few seats for it', async () => {
      const result = await race('race-locked', true);
      expect(result.imported.status).toBe('fulfilled');
      expect(result.booked.status).toBe('rejected');
      const reason = (result.booked as PromiseRejectedResult).reason;
      expect(reason instanceof AppError && reason.code).toBe('NOT_ENOUGH_CAPACITY');
      expect({ capacity: result.capacity, sold: result.sold }).toEqual({ capacity: 5, sold: 0 });
    }, 30_000);

    it('leaves the plot oversold without the lock (negative control: the race is real)', async () => {
      const result = await race('race-unlocked', false);
      expect(result.imported.status).toBe('fulfilled');
      expect(result.booked.status).toBe('fulfilled');
      expect(result.capacity).toBe(5);
      expect(result.sold).toBeGreaterThan(result.capacity!);
    }, 30_000);
  },
);
