/**
 * Sweepers and late payments racing for the same expired orders, on native
 * PostgreSQL (PGlite has one connection, so nothing overlaps there): each
 * order's voucher credit, coupon use and subscription redemptions end up
 * spent exactly once if it was paid, and given back exactly once if not.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import {
  createClient,
  createCoupon,
  createOrganisation,
  createPlot,
  createProduct,
  createSubscription,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createClientSubscription, createIssuedVoucher } from '../orders/order-fixtures.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { customer, pressTestPage, type PlacedOrder } from './payment-fixtures.ts';

const ORDERS = 30;
const START = new Date('2026-06-01T10:00:00Z');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'sweepers racing late payments (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let clock = START;

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => clock });
    });
    afterAll(() => test?.close());

    it('spends each discount exactly once for a paid order and gives it back exactly once otherwise', async () => {
      const { app, db } = test;
      const organisation = await createOrganisation(db, { holdMinutes: 15 });
      const product = await createProduct(db, organisation.id, { priceCents: 1000 });
      const plot = await createPlot(db, product.id, { capacity: ORDERS * 3 });
      const subscription = await createSubscription(db, organisation.id, {
        type: 'ONLINE',
        productIds: [product.id],
      });
      const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 100 });

      const buyers = await Promise.all(
        Array.from({ length: ORDERS }, async () => {
          const client = await createClient(db, organisation.id);
          const card = await createClientSubscription(db, client.id, subscription.id, {
            availableRedemptions: 2,
          });
          const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 300 });
          return { card, voucher, client };
        }),
      );
      // One ticket by the pass, two at 10.00 less 1.00 coupon and 3.00 credit: 16.00 to pay.
      const placed: PlacedOrder[] = [];
      for (const buyer of buyers) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            action: 'pay',
            // A pass redeems only for the logged-in client who holds it (decision 0120).
            customer: { ...customer, token: buyer.client.token },
            coupon: [coupon.code, buyer.voucher.code],
            orders: [
              { product: { id: product.id, plot: plot.id, quantity: 1 }, subscription: buyer.card.token },
              { product: { id: product.id, plot: plot.id, quantity: 2 } },
            ],
          },
        });
        expect(response.statusCode).toBe(200);
        placed.push(response.json().response.orders[0] as PlacedOrder);
      }
      expect(placed.every((answer) => answer.order.status === 'PENDING')).toBe(true);

      clock = new Date(START.getTime() + 16 * 60_000);
      const paying = placed.filter((_, index) => index % 2 === 0);
      let paymentsDone = false;
      const sweeper = async () => {
        while (!paymentsDone) await sweepExpiredOrders(db, clock, 3);
      };
      await Promise.all([
        sweeper(),
        sweeper(),
        Promise.all(paying.map((answer) => pressTestPage(app, answer.payment!.hash, 'pay'))).finally(() => {
          paymentsDone = true;
        }),
      ]);
      await sweepExpiredOrders(db, clock);

      const rows = await db
        .select({ hash: s.orders.hash, status: s.orders.status })
        .from(s.orders)
        .where(
          inArray(
            s.orders.hash,
            placed.map((answer) => answer.order.hash),
          ),
        );
      const statusOf = new Map(rows.map((row) => [row.hash, row.status]));
      for (const [index, answer] of placed.entries()) {
        const paid = index % 2 === 0;
        expect(statusOf.get(answer.order.hash)).toBe(paid ? 'PAID' : 'EXPIRED');
        const { card, voucher } = buyers[index]!;
        const [left] = await db
          .select({ balance: s.issuedVouchers.balanceCents })
          .from(s.issuedVouchers)
          .where(eq(s.issuedVouchers.id, voucher.id));
        const [pass] = await db
          .select({ left: s.clientSubscriptions.availableRedemptions })
          .from(s.clientSubscriptions)
          .where(eq(s.clientSubscriptions.id, card.id));
        expect({ balance: left!.balance, redemptions: pass!.left }).toEqual(
          paid ? { balance: 0, redemptions: 1 } : { balance: 300, redemptions: 2 },
        );
      }
      const [used] = await db
        .select({ uses: s.coupons.uses })
        .from(s.coupons)
        .where(eq(s.coupons.id, coupon.id));
      expect(used!.uses).toBe(paying.length);
    });
  },
);
