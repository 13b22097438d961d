import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { startFakeStripe, type FakeStripe } from '../../payments/fakes/fake-stripe.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createCoupon, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, type Show } from './payment-fixtures.ts';
import {
  postStripeEvent,
  sessionEvent,
  signStripePayload,
  STRIPE_SECRET_KEY,
  stripeEnv,
} from './stripe-fixtures.ts';
import {
  REFUND_RETRY_AFTER_MS,
  refundPayment,
  retryRefunds,
} from '../../engine/settlement/refund-payment.ts';

const START = new Date('2026-06-01T10:00:00Z');

describe('stripe gateway against a fake Stripe API', () => {
  let fake: FakeStripe;
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let show: Show;

  beforeAll(async () => {
    fake = await startFakeStripe(STRIPE_SECRET_KEY);
    mailer = createRecordingMailer();
    test = await createTestApp(
      { ...stripeEnv(fake.url), PUBLIC_URL: 'https://shop.example' },
      { now: () => clock, mailer },
    );
    ({ app, db } = test);
    const organisation = await createOrganisation(db, { paymentGateway: 'stripe', holdMinutes: 15 });
    show = await datedShow(db, organisation.id, 50);
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
  });

  const webhook = (event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) =>
    postStripeEvent(app, event, options);
  const completed = (sessionId: string, paymentHash: string, eventId = `evt_${sessionId}`) =>
    sessionEvent('checkout.session.completed', eventId, sessionId, paymentHash);

  const orderRow = async (hash: string) =>
    (await db.select().from(s.orders).where(eq(s.orders.hash, hash)))[0]!;
  const responseOf = (placed: Awaited<ReturnType<typeof orderShow>>) =>
    placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;

  it('creates a Checkout Session for the order and answers CUSTOM with the session, key and URL', async () => {
    const placed = await orderShow(app, show, 2, 1);
    const created = fake.requests.at(-1)!;
    expect(created.path).toBe('/v1/checkout/sessions');
    expect(created.headers['idempotency-key']).toBe(`kassa-payment-${placed.payment!.hash}`);
    expect(created.body).toMatchObject({
      mode: 'payment',
      client_reference_id: placed.payment!.hash,
      success_url: `https://shop.example/checkout/return/${placed.order.hash}`,
      cancel_url: `https://shop.example/pay/cancel/${placed.payment!.hash}`,
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '3700' } }],
    });
    const response = responseOf(placed);
    expect(placed.payment).toMatchObject({ gateway: 'stripe', type: 'CUSTOM' });
    expect(response).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      publishableKey: 'pk_test_kassa',
      url: `https://checkout.stripe.com/c/pay/${String(response.sessionId)}`,
    });
    // Coming back from Stripe proves nothing: only the webhook marks it paid.
    const status = await app.inject(`/api/orders/${placed.order.hash}/status`);
    expect(status.json().response).toMatchObject({ status: 'PENDING', openPayment: { gateway: 'stripe' } });
  });

  it('answers a repeated order request (same Idempotency-Key) with the same Checkout Session', async () => {
    const sessionsBefore = fake.sessions.size;
    const first = await orderShow(app, show, 1, 0, {}, { 'idempotency-key': 'stripe-replay-1' });
    const again = await orderShow(app, show, 1, 0, {}, { 'idempotency-key': 'stripe-replay-1' });
    expect(again.order.hash).toBe(first.order.hash);
    expect(again.payment).toEqual(first.payment);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
  });

  it('a webhook replayed ten times (some at once) marks the order paid once, with one set of tickets and one mail', async () => {
    const placed = await orderShow(app, show, 2, 1);
    const event = completed(String(responseOf(placed).sessionId), placed.payment!.hash);
    // Stripe retries and may deliver twice at once: five in a row, then five together.
    const answers = [];
    for (let replay = 0; replay < 5; replay += 1) answers.push(await webhook(event));
    answers.push(...(await Promise.all(Array.from({ length: 5 }, () => webhook(event)))));
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
    }
    const order = await orderRow(placed.order.hash);
    expect(order.status).toBe('PAID');
    const [tickets] = await db.select({ n: count() }).from(s.tickets).where(eq(s.tickets.orderId, order.id));
    expect(tickets!.n).toBe(3);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    const events = await db.select().from(s.paymentEvents).where(eq(s.paymentEvents.eventId, event.id));
    expect(events).toHaveLength(1);
  });

  it('rejects a forged, stale or missing signature with 400 and changes nothing', async () => {
    const placed = await orderShow(app, show, 1);
    const event = completed(String(responseOf(placed).sessionId), placed.payment!.hash);
    const forged = await webhook(event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('INVALID_SIGNATURE');
    const stale = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing (a higher amount, another payment) fails too.
    const payload = JSON.stringify(event);
    const signature = signStripePayload(payload);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('"paid"', '"paid" '),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await orderRow(placed.order.hash)).status).toBe('PENDING');
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(0);
  });

  it('ignores unpaid completions and other event types', async () => {
    const placed = await orderShow(app, show, 1);
    const sessionId = String(responseOf(placed).sessionId);
    const unpaid = completed(sessionId, placed.payment!.hash, 'evt_unpaid');
    (unpaid.data.object as { payment_status: string }).payment_status = 'unpaid';
    expect((await webhook(unpaid)).statusCode).toBe(200);
    expect(
      (await webhook({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: {} } }))
        .statusCode,
    ).toBe(200);
    expect((await orderRow(placed.order.hash)).status).toBe('PENDING');
  });

  const expiredEvent = (eventId: string, sessionId: string, paymentHash: string) => ({
    id: eventId,
    object: 'event',
    type: 'checkout.session.expired',
    data: { object: { id: sessionId, object: 'checkout.session', client_reference_id: paymentHash } },
  });
  const heldSeats = async (orderId: number) =>
    (await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, orderId)))
      .filter((hold) => hold.status !== 'RELEASED')
      .reduce((sum, hold) => sum + hold.quantity, 0);

  it('an expired Checkout Session gives the seats and the coupon use back at once, once however often it is reported', async () => {
    const coupon = await createCoupon(db, show.product.organisationId, { code: 'ONCEONLY', maxUses: 1 });
    const placed = await orderShow(app, show, 2, 0, { coupon: ['ONCEONLY'] });
    const sessionId = String(responseOf(placed).sessionId);
    const order = await orderRow(placed.order.hash);
    expect(await heldSeats(order.id)).toBe(2);
    const couponUses = async () =>
      (await db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id)))[0]!.uses;
    expect(await couponUses()).toBe(1);

    // Well inside the 15-minute hold.
    clock = new Date(START.getTime() + 60_000);
    const first = await webhook(expiredEvent('evt_expired_1', sessionId, placed.payment!.hash));
    expect(first.statusCode).toBe(200);
    expect((await orderRow(placed.order.hash)).status).toBe('EXPIRED');
    expect(await heldSeats(order.id)).toBe(0);
    expect(await couponUses()).toBe(0);
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, placed.payment!.hash));
    expect(payment!.status).toBe('EXPIRED');
    const status = await app.inject(`/api/orders/${placed.order.hash}/status`);
    expect(status.json().response).toMatchObject({ status: 'EXPIRED', canPayAgain: false });

    // The same event again, and another event about the same session: nothing is given back twice.
    const other = await orderShow(app, show, 1, 0, { coupon: ['ONCEONLY'] });
    expect(await couponUses()).toBe(1);
    await webhook(expiredEvent('evt_expired_1', sessionId, placed.payment!.hash));
    await webhook(expiredEvent('evt_expired_2', sessionId, placed.payment!.hash));
    expect(await couponUses()).toBe(1);
    expect((await orderRow(other.order.hash)).status).toBe('PENDING');
    expect(await heldSeats((await orderRow(other.order.hash)).id)).toBe(1);
  });

  it('an expired-session event for a session that was paid changes nothing', async () => {
    const placed = await orderShow(app, show, 2);
    const sessionId = String(responseOf(placed).sessionId);
    await webhook(completed(sessionId, placed.payment!.hash));
    await webhook(expiredEvent('evt_expired_paid', sessionId, placed.payment!.hash));
    const order = await orderRow(placed.order.hash);
    expect(order.status).toBe('PAID');
    expect(await heldSeats(order.id)).toBe(2);
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, placed.payment!.hash));
    expect(payment!.status).toBe('PAID');
  });

  it('a late payment never oversells: refund required when others took the seats', async () => {
    const small = await datedShow(db, show.product.organisationId, 2);
    const late = await orderShow(app, small, 2);
    clock = new Date(START.getTime() + 16 * 60_000);
    const other = await orderShow(app, small, 2);
    await webhook(completed(String(responseOf(late).sessionId), late.payment!.hash));
    await webhook(completed(String(responseOf(other).sessionId), other.payment!.hash));
    expect((await orderRow(late.order.hash)).status).toBe('REFUND_REQUIRED');
    expect((await orderRow(other.order.hash)).status).toBe('PAID');
    const seats = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.plotId, small.plot.id));
    expect(seats.filter((hold) => hold.status === 'PAID').reduce((sum, hold) => sum + hold.quantity, 0)).toBe(
      2,
    );
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    // The late payment goes back through Stripe: a refund of the session's PaymentIntent, keyed by the payment.
    const sessionId = String(responseOf(late).sessionId);
    const refundCall = fake.requests.find(
      (request) => request.path === '/v1/refunds' && request.body.payment_intent === `pi_${sessionId}`,
    )!;
    expect(refundCall.headers['idempotency-key']).toBe(`kassa-refund-${late.payment!.hash}`);
    expect(refundCall.body).toMatchObject({
      reason: 'requested_by_customer',
      metadata: { payment_hash: late.payment!.hash },
    });
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, late.payment!.hash));
    expect(payment).toMatchObject({ status: 'REFUNDED', refundRef: expect.stringMatching(/^re_/) });
    expect(fake.refunds.get(payment!.refundRef!)).toMatchObject({ payment_intent: `pi_${sessionId}` });
  });

  it('refunds a second payment of a paid order as a duplicate; a declined refund stays flagged until retried', async () => {
    const placed = await orderShow(app, show, 1);
    await app.inject(`/pay/cancel/${placed.payment!.hash}`);
    const again = (await app.inject(`/api/payment/${placed.order.hash}`)).json().response.payment;
    const secondSession = String(again.transaction.response.sessionId);
    await webhook(completed(secondSession, again.hash));
    expect((await orderRow(placed.order.hash)).status).toBe('PAID');

    fake.failNextRefund();
    // The first attempt was charged after all.
    await webhook(completed(String(responseOf(placed).sessionId), placed.payment!.hash));
    const paymentOf = async (hash: string) =>
      (await db.select().from(s.payments).where(eq(s.payments.hash, hash)))[0]!;
    const first = await paymentOf(placed.payment!.hash);
    expect(first).toMatchObject({ status: 'REFUND_REQUIRED', refundRef: null });
    expect((await paymentOf(again.hash)).status).toBe('PAID');
    expect((await orderRow(placed.order.hash)).status).toBe('PAID');

    // The sweeper's timer tries it again once the retry interval has passed.
    const context = { db, gateways: createGateways(test.config), log: pino({ level: 'silent' }) };
    expect(await retryRefunds(context, clock)).toBe(0);
    expect(await retryRefunds(context, new Date(clock.getTime() + REFUND_RETRY_AFTER_MS))).toBe(1);
    expect(await refundPayment(context, first.id, 'DUPLICATE')).toBe('NOT_REQUIRED');
    const refunded = await paymentOf(placed.payment!.hash);
    expect(refunded).toMatchObject({ status: 'REFUNDED', refundRef: expect.stringMatching(/^re_/) });
    const calls = fake.requests.filter(
      (request) =>
        request.path === '/v1/refunds' && request.headers['idempotency-key'] === `kassa-refund-${first.hash}`,
    );
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.body.reason === 'duplicate')).toBe(true);
    expect(
      [...fake.refunds.values()].filter((refund) => refund.payment_intent === `pi_${first.providerRef}`),
    ).toHaveLength(1);
  });

  it('the cancel URL records the visitor giving up and shows the return page', async () => {
    const placed = await orderShow(app, show, 1);
    const cancel = await app.inject(`/pay/cancel/${placed.payment!.hash}`);
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/checkout/return/${placed.order.hash}`);
    const status = await app.inject(`/api/orders/${placed.order.hash}/status`);
    expect(status.json().response.status).toBe('CANCELLED');
    // Stripe's word still wins if the visitor paid after all.
    await webhook(completed(String(responseOf(placed).sessionId), placed.payment!.hash));
    expect((await orderRow(placed.order.hash)).status).toBe('PAID');
  });

  it('an order given up on the way back from Checkout expires its Checkout Session', async () => {
    const placed = await orderShow(app, show, 1);
    const sessionId = String(responseOf(placed).sessionId);
    const cancelled = await app.inject({ method: 'POST', url: `/api/orders/${placed.order.hash}/cancel` });
    expect(cancelled.json()).toEqual({ ok: true, response: { status: 'EXPIRED' } });
    const expired = fake.requests.filter(
      (request) => request.path === `/v1/checkout/sessions/${sessionId}/expire`,
    );
    expect(expired).toHaveLength(1);
    expect(fake.sessions.get(sessionId)).toMatchObject({ status: 'expired' });
    // Asked again: nothing is open any more, Stripe is not called again.
    await app.inject({ method: 'POST', url: `/api/orders/${placed.order.hash}/cancel` });
    expect(fake.requests.filter((request) => request.path.endsWith('/expire'))).toHaveLength(1);
  });
});
