import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { startFakePayPal, type FakePayPal } from '../../payments/fakes/fake-paypal.ts';
import { createGateways } from '../../payments/gateways.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, type Show } from './payment-fixtures.ts';
import { refundPayment } from '../../engine/settlement/refund-payment.ts';

const START = new Date('2026-06-01T10:00:00Z');
const CLIENT_ID = 'paypal-client-id';
const CLIENT_SECRET = 'paypal-client-secret';

describe('paypal gateway against a fake PayPal API', () => {
  let fake: FakePayPal;
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let show: Show;

  beforeAll(async () => {
    fake = await startFakePayPal(CLIENT_ID, CLIENT_SECRET);
    mailer = createRecordingMailer();
    test = await createTestApp(
      { PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_API_URL: fake.url },
      { now: () => START, mailer },
    );
    ({ app, db } = test);
    const organisation = await createOrganisation(db, { paymentGateway: 'paypal', holdMinutes: 15 });
    show = await datedShow(db, organisation.id, 50);
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  const capture = (hash: string) =>
    app.inject({ method: 'POST', url: '/api/payments/paypal/capture', payload: { hash } });
  const orderStatus = async (hash: string) =>
    (await db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.hash, hash)))[0]!.status;

  it('creates an Orders v2 order in EUR and answers CUSTOM with the order id and client id', async () => {
    const placed = await orderShow(app, show, 2, 1);
    expect(placed.payment).toMatchObject({ gateway: 'paypal', type: 'CUSTOM' });
    const response = placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;
    expect(response).toEqual({ orderId: expect.any(String), clientId: CLIENT_ID, currency: 'EUR' });
    const created = fake.orders.get(String(response.orderId))!;
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        { reference_id: placed.payment!.hash, amount: { currency_code: 'EUR', value: '37.00' } },
      ],
    });
    const createRequest = fake.requests.find((request) => request.path === '/v2/checkout/orders')!;
    expect(createRequest.headers['paypal-request-id']).toBe(`kassa-create-${placed.payment!.hash}`);
  });

  it('captures an approved order on the server once, however often it is asked, and mails the tickets once', async () => {
    const placed = await orderShow(app, show, 1);
    const first = await capture(placed.payment!.hash);
    expect(first.statusCode).toBe(200);
    expect(first.json().response).toEqual({ status: 'PAID', hash: placed.order.hash });
    const again = await capture(placed.payment!.hash);
    expect(again.json().response).toEqual({ status: 'PAID', hash: placed.order.hash });
    expect(await orderStatus(placed.order.hash)).toBe('PAID');
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    const captures = fake.requests.filter((request) => request.path.endsWith('/capture'));
    const requestIds = new Set(captures.slice(-2).map((request) => request.headers['paypal-request-id']));
    expect(requestIds.size).toBe(1);
  });

  it('reuses the OAuth token between calls', async () => {
    await orderShow(app, show, 1);
    await orderShow(app, show, 1);
    expect(fake.requests.filter((request) => request.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('a declined capture leaves the order unpaid and lets the visitor pay again', async () => {
    const placed = await orderShow(app, show, 1);
    fake.declineNextCapture();
    const declined = await capture(placed.payment!.hash);
    expect(declined.json().response).toEqual({ status: 'FAILED', hash: placed.order.hash });
    expect(await orderStatus(placed.order.hash)).toBe('PENDING');
    const again = await app.inject(`/api/payment/${placed.order.hash}`);
    const payment = again.json().response.payment;
    expect(payment.hash).not.toBe(placed.payment!.hash);
    expect((await capture(payment.hash)).json().response.status).toBe('PAID');
  });

  it('refunds a second captured payment of a paid order through the capture refund, once', async () => {
    const placed = await orderShow(app, show, 1);
    // The visitor gave up on the first PayPal window, paid in a new one, then approved the first after all.
    await app.inject(`/pay/cancel/${placed.payment!.hash}`);
    const again = (await app.inject(`/api/payment/${placed.order.hash}`)).json().response.payment;
    expect((await capture(again.hash)).json().response.status).toBe('PAID');
    expect((await capture(placed.payment!.hash)).json().response.status).toBe('PAID');

    const paymentOf = async (hash: string) =>
      (await db.select().from(s.payments).where(eq(s.payments.hash, hash)))[0]!;
    const first = await paymentOf(placed.payment!.hash);
    const captureId = `CAP-${first.providerRef}`;
    const refund = fake.refunds.get(captureId)!;
    expect(refund.requestId).toBe(`kassa-refund-${first.hash}`);
    expect(first).toMatchObject({ status: 'REFUNDED', refundRef: refund.id });
    expect((await paymentOf(again.hash)).status).toBe('PAID');
    expect(fake.refunds.has(`CAP-${(await paymentOf(again.hash)).providerRef}`)).toBe(false);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);

    // Asked again (a retry after a crash): PayPal answers the same refund for the same request id.
    await db.update(s.payments).set({ status: 'REFUND_REQUIRED' }).where(eq(s.payments.id, first.id));
    const context = { db, gateways: createGateways(test.config), log: pino({ level: 'silent' }) };
    expect(await refundPayment(context, first.id, 'DUPLICATE')).toBe('REFUNDED');
    expect((await paymentOf(first.hash)).refundRef).toBe(refund.id);
    expect(
      fake.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`),
    ).toHaveLength(2);
  });

  it('answers an unknown payment with 404', async () => {
    const response = await capture('no-such-payment');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('PAYMENT_NOT_FOUND');
  });
});
