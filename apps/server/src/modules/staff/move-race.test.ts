/**
 * Two staff moving two bookings into the last place of a time at once
 * (decision 0247), on native PostgreSQL (PGlite has one connection, so
 * nothing overlaps there): the plot's seat lock in the booking transaction
 * lets one in and refuses the other with nothing written. The negative
 * control takes the lock away and widens the window: both get in, the time
 * is oversold.
 */
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import type { SeatOptions } from '../../engine/booking/take-seats.ts';
import { AppError } from '../../lib/errors.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { paidOrder, rebookingShop, seatsTaken, slotProduct } from '../rebook/rebook-fixtures.ts';
import { moveOrder } from './move-order.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'two moves into the last place (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let app: App;
    let db: Db;
    let organisation: typeof s.organisations.$inferSelect;

    beforeAll(async () => {
      // The real clock: the plots are moved to 2099, so they never start.
      test = await createTestApp();
      ({ app, db } = test);
      organisation = await rebookingShop(db);
    });
    afterAll(() => test?.close());

    /** `to`: same (moved at once: nothing to pay) or dearer (a difference to pay: the new order holds while pending). */
    async function race(to: 'same' | 'dearer', seatOptions: SeatOptions) {
      const shop = await slotProduct(db, organisation.id, 10);
      for (const plot of [shop.plot, shop[to]])
        await db
          .update(s.plots)
          .set({ date: plot.date!.replace('2026', '2099') })
          .where(eq(s.plots.id, plot.id));
      const first = await paidOrder(app, db, shop.product.id, shop.plot.id, 1);
      const second = await paidOrder(app, db, shop.product.id, shop.plot.id, 1);
      // One place left on the time both are moved to.
      await db.update(s.plots).set({ capacity: 1 }).where(eq(s.plots.id, shop[to].id));
      const now = new Date();
      const deps = { db, gateways: createGateways(test.config), log: pino({ level: 'silent' }) };
      const moveOne = (reference: string) =>
        moveOrder(
          deps,
          {
            organisation,
            orderReference: reference,
            plotId: shop[to].id,
            fee: false,
            actor: { kind: 'system' },
            now,
            baseUrl: '',
            seatOptions,
          },
          false,
        );
      const outcomes = await Promise.allSettled([moveOne(first.reference), moveOne(second.reference)]);
      const unexpected = outcomes.filter(
        (outcome) =>
          outcome.status === 'rejected' &&
          !(outcome.reason instanceof AppError && outcome.reason.code === 'NOT_ENOUGH_CAPACITY'),
      );
      const olds = await db
        .select()
        .from(s.orders)
        .where(inArray(s.orders.id, [first.id, second.id]));
      const moves = await db
        .select()
        .from(s.auditLog)
        .where(and(inArray(s.auditLog.orderId, [first.id, second.id]), eq(s.auditLog.action, 'order.move')));
      return {
        moved: outcomes.filter((outcome) => outcome.status === 'fulfilled').length,
        unexpected,
        taken: await seatsTaken(db, shop[to].id, now),
        rebooked: olds.filter((order) => order.status === 'REBOOKED').length,
        pending: (
          await db
            .select()
            .from(s.orders)
            .where(
              and(inArray(s.orders.rebookOfOrderId, [first.id, second.id]), eq(s.orders.status, 'PENDING')),
            )
        ).length,
        stillPaid: olds.filter((order) => order.status === 'PAID').length,
        audited: moves.length,
      };
    }

    it('moved at once: one move gets the last place; the other is refused and leaves its booking as it was', async () => {
      const result = await race('same', {});
      expect(result.unexpected).toEqual([]);
      expect(result).toMatchObject({ moved: 1, taken: 1, rebooked: 1, stillPaid: 1, audited: 1 });
    });

    it('a difference to pay: one pending move holds the last place, the other is refused', async () => {
      const result = await race('dearer', {});
      expect(result.unexpected).toEqual([]);
      expect(result).toMatchObject({ moved: 1, taken: 1, pending: 1, rebooked: 0, stillPaid: 2, audited: 1 });
    });

    // Moves made at once also take turns on the invoice counter (decision 0242), which would hide a
    // missing seat lock; pending moves issue no invoice, so they show what the seat lock alone does.
    it('without the plot lock both pending moves hold the one place: oversold (negative control)', async () => {
      const result = await race('dearer', { lockPlots: false, delayAfterCheckMs: 500 });
      expect(result.unexpected).toEqual([]);
      expect(result).toMatchObject({ moved: 2, taken: 2, pending: 2 });
    });
  },
);
