/**
 * Decision 0051: a payment row names its real gateway from the
 * moment it is written, a replayed order answers that gateway's hand-off,
 * the test page serves test payments only, and a shop whose gateway is not
 * usable refuses orders instead of falling back to the test page.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../../db/schema.ts';
import type { FakeStripe } from '../../payments/fakes/fake-stripe.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, pressTestPage, type Show } from './payment-fixtures.ts';
import { startStripeShop } from './stripe-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');

function orderBody(show: Show) {
  return {
    action: 'pay',
    customer,
    orders: [
      {
        product: { id: show.product.id, plot: show.plot.id },
        audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
      },
    ],
  };
}

describe('a Stripe shop: replays and the test page', () => {
  let shop: Awaited<ReturnType<typeof startStripeShop>>;
  let fake: FakeStripe;
  let test: TestApp;
  let show: Show;

  beforeAll(async () => {
    shop = await startStripeShop(() => START);
    ({ fake, test, show } = shop);
  });
  afterAll(() => shop?.close());

  const post = (key: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': key },
      payload: orderBody(show),
    });
  const paymentsOf = async (key: string) =>
    test.db
      .select({ payment: s.payments })
      .from(s.payments)
      .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
      .where(eq(s.orders.idempotencyKey, key));
  const orderStatus = async (key: string) =>
    (await test.db.select().from(s.orders).where(eq(s.orders.idempotencyKey, key)))[0]?.status;

  it('writes the payment as stripe before Stripe answers, and a replay meanwhile answers the same Checkout Session', async () => {
    fake.delayNextSession(1500);
    const first = post('slow-stripe');
    // The order and its payment are committed while the first request still waits for Stripe.
    const [written] = await vi.waitFor(
      async () => {
        const rows = await paymentsOf('slow-stripe');
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 10_000, interval: 20 },
    );
    const replay = await post('slow-stripe');
    expect(written!.payment.gateway).toBe('stripe');
    expect(replay.statusCode).toBe(200);
    const again = replay.json().response.orders[0].payment;
    expect(again).toMatchObject({ gateway: 'stripe', type: 'CUSTOM' });
    expect(String(again.transaction.response.url)).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const original = (await first).json().response.orders[0].payment;
    expect(again).toEqual(original);
    // The test page knows nothing of a Stripe payment: no page, no settlement.
    expect((await test.app.inject(`/pay/test/${again.hash}`)).statusCode).toBe(404);
    expect((await pressTestPage(test.app, again.hash, 'pay')).statusCode).toBe(404);
    expect(await orderStatus('slow-stripe')).toBe('PENDING');
    const [tickets] = await test.db
      .select({ n: count() })
      .from(s.tickets)
      .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
      .where(eq(s.orders.idempotencyKey, 'slow-stripe'));
    expect(tickets!.n).toBe(0);
  });

  it('answers 503 PAYMENT_GATEWAY_UNAVAILABLE while Stripe is down; the replay makes a session for the same payment', async () => {
    fake.failNextSession(502);
    const down = await post('down-stripe');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ok: false, error: { code: 'PAYMENT_GATEWAY_UNAVAILABLE' } });
    const [written] = await paymentsOf('down-stripe');
    expect(written!.payment).toMatchObject({ gateway: 'stripe', status: 'OPEN', response: null });

    const replay = await post('down-stripe');
    expect(replay.statusCode).toBe(200);
    const payment = replay.json().response.orders[0].payment;
    expect(payment).toMatchObject({ gateway: 'stripe', type: 'CUSTOM', hash: written!.payment.hash });
    expect(String(payment.transaction.response.sessionId)).toMatch(/^cs_test_/);
    expect(await paymentsOf('down-stripe')).toHaveLength(1);
    expect((await pressTestPage(test.app, payment.hash, 'pay')).statusCode).toBe(404);
    expect(await orderStatus('down-stripe')).toBe('PENDING');
  });

  it('makes a new payment for paying again with the shop gateway, never the test one', async () => {
    const placed = (await post('pay-again')).json().response.orders[0];
    await test.app.inject(`/pay/cancel/${placed.payment.hash}`);
    const again = await test.app.inject(`/api/payment/${placed.order.hash}`);
    expect(again.json().response.payment).toMatchObject({ gateway: 'stripe', type: 'CUSTOM' });
    const rows = await paymentsOf('pay-again');
    expect(rows.map((row) => row.payment.gateway)).toEqual(['stripe', 'stripe']);
  });
});

describe('a shop whose gateway cannot be used here', () => {
  let test: TestApp;

  beforeAll(async () => {
    // No STRIPE_SECRET_KEY on this server.
    test = await createTestApp({}, { now: () => START });
  });
  afterAll(() => test?.close());

  for (const gateway of ['stripe', 'paypal', 'form', 'bitcoin']) {
    it(`answers PAYMENT_GATEWAY_NOT_CONFIGURED (4xx) for a ${gateway} shop and writes no order`, async () => {
      const organisation = await createOrganisation(test.db, { paymentGateway: gateway });
      const show = await datedShow(test.db, organisation.id, 10);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: orderBody(show),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'PAYMENT_GATEWAY_NOT_CONFIGURED' } });
      const [orders] = await test.db
        .select({ n: count() })
        .from(s.orders)
        .where(eq(s.orders.organisationId, organisation.id));
      expect(orders!.n).toBe(0);
      const [holds] = await test.db
        .select({ n: count() })
        .from(s.capacityHolds)
        .where(and(eq(s.capacityHolds.plotId, show.plot.id)));
      expect(holds!.n).toBe(0);
      await test.db.delete(s.organisations).where(eq(s.organisations.id, organisation.id));
    });
  }
});
