/**
 * A voucher value with limited availability is never oversold and never
 * answers 500 when many buyers order it at once, proven on native
 * PostgreSQL (PGlite has one connection, so no race can show there). The
 * booking writes its order lines first — their foreign key takes a KEY
 * SHARE lock on the value's row — and locks the row last; a lock that
 * conflicts with KEY SHARE deadlocks two such bookings (decision 0180).
 * The negative control switches the lock off and widens the window before
 * the commit: then the count misses uncommitted orders and the value is
 * oversold, so the lock is what keeps the count true.
 */
import { createVoucherOrderRequestSchema } from '@kassa/domain/contract/voucher-orders';
import { and, eq, gt, inArray, or, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { createOrganisation, createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { placeOrder } from '../../engine/placement/place-order.ts';
import { customer } from '../payments/payment-fixtures.ts';
import { voucherOrders } from './voucher-orders.ts';

const BUYERS = 120;
const AVAILABLE = 30;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'limited voucher values under a rush (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let app: App;
    let db: Db;
    let organisation: typeof s.organisations.$inferSelect;

    beforeAll(async () => {
      test = await createTestApp();
      ({ app, db } = test);
      organisation = await createOrganisation(db, { name: 'Rush Kassa' });
    });
    afterAll(() => test?.close());

    /** A voucher whose one value has AVAILABLE codes. */
    async function limitedValue() {
      const voucher = await createVoucher(db, organisation.id, { minQuantity: 1, maxQuantity: 5 });
      const value = await createVoucherValue(db, voucher.id, {
        priceCents: 2500,
        creditCents: 2500,
        availability: AVAILABLE,
      });
      return { voucherId: voucher.id, valueId: value.id };
    }

    /** Codes of the value on orders that hold them now (the availability rule's count). */
    async function codesTaken(valueId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ quantity: sum(s.orderLines.quantity).mapWith(Number) })
        .from(s.orderLines)
        .innerJoin(s.orders, eq(s.orders.id, s.orderLines.orderId))
        .where(
          and(
            eq(s.orderLines.voucherValueId, valueId),
            or(
              inArray(s.orders.status, ['PAID', 'INVOICED']),
              and(inArray(s.orders.status, ['PENDING', 'RESERVED']), gt(s.orders.expiresAt, now)),
            ),
          ),
        );
      return row?.quantity ?? 0;
    }

    const request = (voucherId: number, valueId: number, buyer: number) => ({
      customer: { ...customer, email: `rush${buyer}@example.test` },
      voucher: { id: voucherId },
      values: [{ id: valueId, quantity: 1 }],
    });

    it('answers every one of 120 concurrent buyers of 30 codes: 30 sold, 90 VOUCHER_SOLD_OUT, no 5xx', async () => {
      const { voucherId, valueId } = await limitedValue();
      const answers = await Promise.all(
        Array.from({ length: BUYERS }, (_, buyer) =>
          app.inject({
            method: 'POST',
            url: '/api/vouchers',
            payload: request(voucherId, valueId, buyer),
            remoteAddress: `198.51.100.${buyer % 250}`,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      expect(statuses.filter((status) => status === 200)).toHaveLength(AVAILABLE);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(refused).toHaveLength(BUYERS - AVAILABLE);
      expect(new Set(refused.map((answer) => `${answer.statusCode} ${answer.json().error.code}`))).toEqual(
        new Set(['409 VOUCHER_SOLD_OUT']),
      );
      expect(await codesTaken(valueId, new Date())).toBe(AVAILABLE);
    }, 120_000);

    it('oversells without the lock (negative control: the race the lock prevents is real)', async () => {
      const { voucherId, valueId } = await limitedValue();
      const now = new Date();
      const outcomes = await Promise.allSettled(
        Array.from({ length: BUYERS }, (_, buyer) =>
          placeOrder(db, voucherOrders, {
            organisation,
            now,
            request: createVoucherOrderRequestSchema.parse(request(voucherId, valueId, buyer)),
            seatOptions: { lockPlots: false, delayAfterCheckMs: 25 },
          }),
        ),
      );
      const unexpected = outcomes.filter(
        (outcome) =>
          outcome.status === 'rejected' &&
          !(outcome.reason instanceof AppError && outcome.reason.code === 'VOUCHER_SOLD_OUT'),
      );
      expect(unexpected).toEqual([]);
      expect(await codesTaken(valueId, now)).toBeGreaterThan(AVAILABLE);
    }, 120_000);
  },
);
