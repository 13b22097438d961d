/**
 * Settlement is one serialised transition per order (decision 0052): ten pay
 * callbacks and three webhook deliveries for one Stripe payment, all at
 * once, end with one PAID payment, one set of tickets, one outbox job and
 * no refund. On native PostgreSQL every report is made to wait on the
 * order's row lock (held by the test) until all thirteen are waiting, so
 * they overlap in the worst way every run, not only when the scheduler
 * happens to interleave them. The negative control decides on the payment
 * as read before that lock (the bug as it was): then the payment is refunded.
 * On PGlite (one connection) the reports take turns, which must end the same.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../../db/schema.ts';
import type { FakeStripe } from '../../payments/fakes/fake-stripe.ts';
import { createGateways } from '../../payments/gateways.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { afterSettle } from '../../engine/settlement/after-settle.ts';
import { orderShow, type Show } from './payment-fixtures.ts';
import { postStripeEvent, sessionEvent, startStripeShop } from './stripe-fixtures.ts';
import { settlePayment, type SettleOptions } from '../../engine/settlement/settle-payment.ts';
import { ORDER_KIND_PLANS } from '../../wiring/order-kinds.ts';

const START = new Date('2026-06-01T10:00:00Z');
const CALLBACKS = 10;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('one payment reported thirteen times at once', () => {
  let shop: Awaited<ReturnType<typeof startStripeShop>>;
  let fake: FakeStripe;
  let test: TestApp;
  let show: Show;

  beforeAll(async () => {
    shop = await startStripeShop(() => START);
    ({ fake, test, show } = shop);
  });
  afterAll(() => shop?.close());

  const webhook = (type: string, eventId: string, sessionId: string, paymentHash: string) =>
    postStripeEvent(test.app, sessionEvent(type, eventId, sessionId, paymentHash));

  /** Sessions of this test database waiting for a lock. */
  async function waitingOnLocks(): Promise<number> {
    const result = (await test.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Holds the order's row lock until every report waits on it (native PostgreSQL), then lets them go. */
  async function allAtOnce<T>(orderId: number, reports: () => Promise<T>[]): Promise<T[]> {
    if (!onPostgres) return Promise.all(reports());
    let started: Promise<T>[] = [];
    await test.db.transaction(async (tx) => {
      await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.id, orderId)).for('update');
      started = reports();
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThanOrEqual(started.length), {
        timeout: 60_000,
        interval: 20,
      });
    });
    return Promise.all(started);
  }

  async function race(options: SettleOptions) {
    const placed = await orderShow(test.app, show, 2, 1);
    const hash = placed.payment!.hash;
    const sessionId = String(
      placed.payment!.transaction === false ? '' : placed.payment!.transaction.response.sessionId,
    );
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    const refundContext = {
      db: test.db,
      gateways: createGateways(test.config),
      log: pino({ level: 'silent' }),
    };
    const refundsBefore = fake.requests.filter((request) => request.path === '/v1/refunds').length;
    await allAtOnce<unknown>(order!.id, () => [
      // The pay callbacks: what a return or capture hands the settlement, with no event id.
      ...Array.from({ length: CALLBACKS }, async () => {
        const result = await settlePayment(
          test.db,
          ORDER_KIND_PLANS,
          ['stripe'],
          { status: 'PAID', payment: { hash } },
          START,
          { baseUrl: 'https://shop.example', ...options },
        );
        await afterSettle(refundContext, result);
        return result;
      }),
      // Stripe's deliveries: one event twice (a retry) and a second event for the same session.
      webhook('checkout.session.completed', `evt_done_${hash}`, sessionId, hash),
      webhook('checkout.session.completed', `evt_done_${hash}`, sessionId, hash),
      webhook('checkout.session.async_payment_succeeded', `evt_async_${hash}`, sessionId, hash),
    ]);
    const payments = await test.db.select().from(s.payments).where(eq(s.payments.orderId, order!.id));
    const [after] = await test.db.select().from(s.orders).where(eq(s.orders.id, order!.id));
    const [tickets] = await test.db
      .select({ n: count() })
      .from(s.tickets)
      .where(eq(s.tickets.orderId, order!.id));
    const jobs = await test.db
      .select()
      .from(s.mailJobs)
      .where(and(eq(s.mailJobs.kind, 'TICKETS'), eq(s.mailJobs.organisationId, order!.organisationId)));
    return {
      orderStatus: after!.status,
      payments: payments.map((payment) => payment.status),
      tickets: tickets!.n,
      mailJobs: jobs.filter((job) => job.payload.orderId === order!.id).length,
      refunds: fake.requests.filter((request) => request.path === '/v1/refunds').length - refundsBefore,
    };
  }

  it('end with one PAID payment, one set of tickets, one outbox job and no refund', async () => {
    expect(await race({})).toEqual({
      orderStatus: 'PAID',
      payments: ['PAID'],
      tickets: 3,
      mailJobs: 1,
      refunds: 0,
    });
  }, 120_000);

  it.skipIf(!onPostgres)(
    'refund the payment when the settlement decides on the payment read before the lock (negative control)',
    async () => {
      const result = await race({ staleRead: true });
      expect(result.orderStatus).toBe('PAID');
      expect(result.payments).toEqual(['REFUNDED']);
      expect(result.refunds).toBeGreaterThan(0);
    },
    120_000,
  );
});
