/**
 * A voucher spent and withdrawn from at the same moment ends consistent
 * (decision 0254), proven on native PostgreSQL (PGlite has one connection,
 * so nothing overlaps there): the withdrawal checks the codes unused under
 * their row locks and ends them in the same transaction; a spend's
 * conditional UPDATE of the same row waits, then finds no credit. The spend
 * is started inside the withdrawal's window, between its check and its
 * write. Without the locks (the negative control) the spend goes through
 * in that window and the buyer keeps what they spent and gets all their
 * money back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createOrganisation, createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { withdrawOrder, type WithdrawOptions } from './withdraw-order.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NOW = new Date('2026-06-01T10:00:00Z');

describe.skipIf(!onPostgres)(
  'a voucher spent and withdrawn from at once (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let test: TestApp;
    let organisationId: number;
    let voucherId: number;
    let value: number;
    let show: Show;

    beforeAll(async () => {
      test = await createTestApp({}, { now: () => NOW });
      organisationId = (await createOrganisation(test.db)).id;
      voucherId = (await createVoucher(test.db, organisationId, { minQuantity: 1, maxQuantity: 5 })).id;
      value = (await createVoucherValue(test.db, voucherId, { priceCents: 3000, creditCents: 3000 })).id;
      show = await datedShow(test.db, organisationId, 50);
      await test.db.update(s.plots).set({ date: '2026-12-01' }).where(eq(s.plots.id, show.plot.id));
    });
    afterAll(() => test?.close());

    async function race(options: WithdrawOptions) {
      const placed = await test.app.inject({
        method: 'POST',
        url: '/api/vouchers',
        payload: { customer, voucher: { id: voucherId }, values: [{ id: value, quantity: 1 }] },
      });
      const { order, payment } = placed.json().response;
      await pressTestPage(test.app, payment.hash, 'pay');
      const [code] = await test.db
        .select()
        .from(s.issuedVouchers)
        .innerJoin(s.orders, eq(s.orders.id, s.issuedVouchers.orderId))
        .where(eq(s.orders.hash, order.hash));
      // Two adults (2 × 15.00) paid with the code's whole credit.
      const spendOrder = () =>
        test.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customer,
            coupon: [code!.issued_vouchers.code],
            orders: [
              {
                product: { id: show.product.id, plot: show.plot.id },
                audiences: { [show.adult.id]: { id: show.adult.id, quantity: 2 } },
              },
            ],
          },
        });
      let spend: ReturnType<typeof spendOrder> | undefined;
      const withdrawal = withdrawOrder(
        { db: test.db, gateways: createGateways(test.config), log: pino({ level: 'silent' }) },
        organisationId,
        order.hash,
        NOW,
        {
          ...options,
          // Between the check and the write: the spend starts and gets as far as it can.
          async afterCheck() {
            spend = spendOrder();
            await Promise.race([spend, sleep(1500)]);
          },
        },
      ).then(
        () => true,
        () => false,
      );
      const withdrawn = await withdrawal;
      const spent = (await spend!).statusCode === 200;
      const [after] = await test.db
        .select()
        .from(s.issuedVouchers)
        .where(eq(s.issuedVouchers.id, code!.issued_vouchers.id));
      const [refunded] = await test.db
        .select({ cents: s.refunds.amountCents })
        .from(s.refunds)
        .innerJoin(s.orders, eq(s.orders.id, s.refunds.orderId))
        .where(eq(s.orders.hash, order.hash));
      return { withdrawn, spent, balance: after!.balanceCents, refundedCents: refunded?.cents ?? 0 };
    }

    it('ends with the voucher either withdrawn (money back, nothing spent) or spent (no withdrawal)', async () => {
      const result = await race({});
      expect(result.withdrawn && result.spent).toBe(false);
      expect(result.withdrawn || result.spent).toBe(true);
      if (result.withdrawn) expect([result.balance, result.refundedCents]).toEqual([0, 3000]);
      else expect([result.balance, result.refundedCents]).toEqual([0, 0]);
    });

    it('negative control: without the locks the credit is spent and all the money comes back', async () => {
      const result = await race({ locks: false });
      expect(result.withdrawn).toBe(true);
      expect(result.spent).toBe(true);
      expect(result.refundedCents).toBe(3000);
    });
  },
);
