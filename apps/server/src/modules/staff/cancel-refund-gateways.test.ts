/**
 * Partial refunds at the real gateways' fakes (decision 0237): Stripe's
 * refunds.create with an amount and the refund's own idempotency key, a
 * declined refund left failed and retried with the same key; PayPal's
 * capture refund with an amount and PayPal-Request-Id, twice on one capture.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { startFakePayPal, type FakePayPal } from '../../payments/fakes/fake-paypal.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, type Show } from '../payments/payment-fixtures.ts';
import { postStripeEvent, sessionEvent, startStripeShop } from '../payments/stripe-fixtures.ts';
import { staffLogin } from './staff-fixtures.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

async function ticketsOf(test: TestApp, orderHash: string) {
  const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, orderHash));
  const tickets = await test.db
    .select()
    .from(s.tickets)
    .where(eq(s.tickets.orderId, order!.id))
    .orderBy(s.tickets.createdAt, s.tickets.id);
  return { order: order!, number: formatOrderReference(order!.reference), tickets };
}

function cancel(test: TestApp, headers: Record<string, string>, number: string, tickets: string[]) {
  return test.app.inject({
    method: 'POST',
    url: `/api/staff/orders/${encodeURIComponent(number)}/cancel`,
    headers,
    payload: { tickets, refund: 'original' },
  });
}

describe('partial refunds through Stripe', () => {
  let shop: Awaited<ReturnType<typeof startStripeShop>>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    shop = await startStripeShop(() => NOW);
    const [organisation] = await shop.test.db.select().from(s.organisations);
    staff = (await staffLogin(shop.test.app, shop.test.db, organisation!.id, 'Bo', 'box-office')).headers;
  });
  afterAll(() => shop?.close());

  async function paidOrder(adults: number) {
    const placed = await orderShow(shop.test.app, shop.show, adults);
    const response = placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;
    const sessionId = String(response.sessionId);
    const paid = await postStripeEvent(
      shop.test.app,
      sessionEvent('checkout.session.completed', `evt_${sessionId}`, sessionId, placed.payment!.hash),
    );
    expect(paid.statusCode).toBe(200);
    return { ...(await ticketsOf(shop.test, placed.order.hash)), sessionId };
  }

  it('refunds one ticket of three with its amount, then a declined refund stays failed until a retry makes it once', async () => {
    const paid = await paidOrder(3);
    expect(paid.order.totalCents).toBe(4500);
    const first = await cancel(shop.test, staff, paid.number, [paid.tickets[0]!.id]);
    expect(first.statusCode).toBe(200);
    const refund = first.json().refund;
    expect(refund).toMatchObject({ status: 'succeeded', gateway: 'stripe', amount_cents: 1500 });
    const made = shop.fake.refunds.get(refund.provider_ref)!;
    expect(made).toMatchObject({ payment_intent: `pi_${paid.sessionId}`, amount: 1500 });
    const [row] = await shop.test.db.select().from(s.refunds).where(eq(s.refunds.id, refund.id));
    const sent = shop.fake.requests.filter((request) => request.path === '/v1/refunds');
    expect(sent.at(-1)!.headers['idempotency-key']).toBe(row!.idempotencyKey);
    expect(sent.at(-1)!.body).toMatchObject({ amount: '1500', reason: 'requested_by_customer' });

    // Stripe declines the next one: the cancellation stands, the refund is failed, visible and retried.
    shop.fake.failNextRefund();
    const second = await cancel(shop.test, staff, paid.number, [paid.tickets[1]!.id]);
    expect(second.statusCode).toBe(200);
    const failed = second.json().refund;
    expect(failed).toMatchObject({ status: 'failed', amount_cents: 1500, provider_ref: null });
    expect(failed.last_error).toBeTruthy();
    const [ticket] = await shop.test.db.select().from(s.tickets).where(eq(s.tickets.id, paid.tickets[1]!.id));
    expect(ticket!.cancelledAt).not.toBeNull();

    const retried = await shop.test.app.inject({
      method: 'POST',
      url: `/api/staff/refunds/${failed.id}/retry`,
      headers: staff,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: failed.id, status: 'succeeded', last_error: null });
    const [audit] = await shop.test.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'refund.retry'));
    expect(audit).toMatchObject({
      before: { status: 'failed' },
      after: { status: 'succeeded' },
      amountCents: 1500,
    });
    const again = await shop.test.app.inject({
      method: 'POST',
      url: `/api/staff/refunds/${failed.id}/retry`,
      headers: staff,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REFUND_NOT_FAILED');
    const toIntent = [...shop.fake.refunds.values()].filter(
      (made) => made.payment_intent === `pi_${paid.sessionId}`,
    );
    expect(toIntent.map((made) => made.amount)).toEqual([1500, 1500]);
  });

  it('the fake refuses more than is left on the payment, as Stripe does', async () => {
    const paid = await paidOrder(1);
    const first = await cancel(shop.test, staff, paid.number, [paid.tickets[0]!.id]);
    expect(first.json().refund.status).toBe('succeeded');
    const Stripe = (await import('stripe')).default;
    const client = new Stripe('sk_test_kassa', {
      host: '127.0.0.1',
      port: Number(new URL(shop.fake.url).port),
      protocol: 'http',
    });
    await expect(
      client.refunds.create({ payment_intent: `pi_${paid.sessionId}`, amount: 1 }),
    ).rejects.toThrow(/already been refunded/);
  });
});

describe('partial refunds through PayPal', () => {
  let fake: FakePayPal;
  let test: TestApp;
  let show: Show;
  let staff: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakePayPal('paypal-id', 'paypal-secret');
    test = await createTestApp(
      { PAYPAL_CLIENT_ID: 'paypal-id', PAYPAL_CLIENT_SECRET: 'paypal-secret', PAYPAL_API_URL: fake.url },
      { now: () => NOW },
    );
    const organisation = await createOrganisation(test.db, { paymentGateway: 'paypal', holdMinutes: 15 });
    show = await datedShow(test.db, organisation.id, 50);
    staff = (await staffLogin(test.app, test.db, organisation.id, 'Bo', 'box-office')).headers;
  });
  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });

  it('refunds two tickets one by one on the same capture, each with its amount and request id; a PayPal outage leaves it failed', async () => {
    const placed = await orderShow(test.app, show, 3);
    const captured = await test.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/capture',
      payload: { hash: placed.payment!.hash },
    });
    expect(captured.json().response.status).toBe('PAID');
    const paid = await ticketsOf(test, placed.order.hash);
    const first = await cancel(test, staff, paid.number, [paid.tickets[0]!.id]);
    expect(first.json().refund).toMatchObject({ status: 'succeeded', gateway: 'paypal', amount_cents: 1500 });
    const second = await cancel(test, staff, paid.number, [paid.tickets[1]!.id]);
    expect(second.json().refund).toMatchObject({ status: 'succeeded', amount_cents: 1500 });
    expect(fake.refundList.map((made) => made.cents)).toEqual([1500, 1500]);
    const bodies = fake.requests
      .filter((request) => /\/v2\/payments\/captures\/.+\/refund$/.test(request.path))
      .map((request) => JSON.parse(request.body));
    expect(bodies).toEqual([
      { amount: { currency_code: 'EUR', value: '15.00' } },
      { amount: { currency_code: 'EUR', value: '15.00' } },
    ]);
    const keys = await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
    expect(fake.refundList.map((made) => made.requestId)).toEqual(keys.map((row) => row.idempotencyKey));

    fake.failNextRefund(503);
    const third = await cancel(test, staff, paid.number, [paid.tickets[2]!.id]);
    expect(third.json()).toMatchObject({ order_status: 'CANCELLED', refund: { status: 'failed' } });
    const retried = await test.app.inject({
      method: 'POST',
      url: `/api/staff/refunds/${third.json().refund.id}/retry`,
      headers: staff,
    });
    expect(retried.json().status).toBe('succeeded');
    expect(fake.refundList.reduce((sum, made) => sum + made.cents, 0)).toBe(4500);
  });
});
