/**
 * PayPal's wallet charges in EUR (decision 0181): a shop that sells in
 * another currency cannot take PayPal payments, or a 25.00 USD order would
 * be charged as 25.00 EUR. Orders and reservation payments are refused with
 * PAYMENT_CURRENCY_NOT_SUPPORTED before anything is written or sent to PayPal.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { startFakePayPal, type FakePayPal } from '../../payments/fakes/fake-paypal.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, type Show } from './payment-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const CLIENT_ID = 'paypal-client-id';
const CLIENT_SECRET = 'paypal-client-secret';

describe('PayPal in a shop that does not sell in EUR', () => {
  let fake: FakePayPal;
  let test: TestApp;
  let app: App;
  let db: Db;
  let show: Show;

  beforeAll(async () => {
    fake = await startFakePayPal(CLIENT_ID, CLIENT_SECRET);
    test = await createTestApp(
      { PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_API_URL: fake.url },
      { now: () => START },
    );
    ({ app, db } = test);
    const organisation = await createOrganisation(db, { paymentGateway: 'paypal', currency: 'USD' });
    show = await datedShow(db, organisation.id, 50, { allowReservations: true });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const rows = async () => ({
    orders: (await db.select({ n: count() }).from(s.orders))[0]!.n,
    payments: (await db.select({ n: count() }).from(s.payments))[0]!.n,
  });
  const order = (action: 'pay' | 'reserve') =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action,
        customer,
        orders: [
          {
            product: { id: show.product.id, plot: show.plot.id },
            audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
          },
        ],
      },
    });

  it('refuses an order with PAYMENT_CURRENCY_NOT_SUPPORTED, writing nothing and asking PayPal nothing', async () => {
    const before = await rows();
    const response = await order('pay');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'PAYMENT_CURRENCY_NOT_SUPPORTED' });
    expect(await rows()).toEqual(before);
    expect(fake.orders.size).toBe(0);
  });

  it('refuses to hand off the payment of a reservation the same way', async () => {
    const reserved = await order('reserve');
    expect(reserved.statusCode).toBe(200);
    const hash = reserved.json().response.orders[0].order.hash as string;
    const response = await app.inject(`/api/payment/${hash}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'PAYMENT_CURRENCY_NOT_SUPPORTED' });
    const [reservation] = await db.select().from(s.reservations).where(eq(s.reservations.hash, hash));
    const payments = await db.select().from(s.payments).where(eq(s.payments.orderId, reservation!.orderId));
    expect(payments).toEqual([]);
    expect(fake.orders.size).toBe(0);
  });
});
