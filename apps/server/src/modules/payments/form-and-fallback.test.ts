import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createGateways } from '../../payments/gateways.ts';
import { signFormFields } from '../../payments/form-gateway.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage, type Show } from './payment-fixtures.ts';
import { usableGateway } from '../../engine/hand-off/shop-gateway.ts';

const START = new Date('2026-06-01T10:00:00Z');
const SECRET = 'form-gateway-secret';

function formFields(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('form gateway through the app', () => {
  let test: TestApp;
  let show: Show;

  beforeAll(async () => {
    test = await createTestApp(
      { FORM_GATEWAY_SECRET: SECRET, PUBLIC_URL: 'https://shop.example' },
      { now: () => START },
    );
    const organisation = await createOrganisation(test.db, { paymentGateway: 'form' });
    show = await datedShow(test.db, organisation.id, 50);
  });
  afterAll(() => test.close());

  const post = (hash: string, fields: Record<string, string>) =>
    test.app.inject({
      method: 'POST',
      url: `/pay/form/${hash}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('posts the signed form to its endpoint, which shows the choices; Pay posts the signed fields back and settles', async () => {
    const placed = await orderShow(test.app, show, 1);
    expect(placed.payment).toMatchObject({ gateway: 'form', type: 'FORM' });
    const response = placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;
    const fields = formFields(Buffer.from(String(response.form), 'base64').toString('utf8'));
    const page = await post(placed.payment!.hash, fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    // Each choice posts to the form endpoint with the signed fields; the test page serves no form payment.
    expect(page.body.match(/<form method="post" action="\/pay\/form\/[^"]+">/g)).toHaveLength(3);
    expect(formFields(page.body)).toMatchObject(fields);
    expect((await pressTestPage(test.app, placed.payment!.hash, 'pay')).statusCode).toBe(404);
    expect((await post(placed.payment!.hash, { ...fields, amount: '1', action: 'pay' })).statusCode).toBe(
      400,
    );
    const paid = await post(placed.payment!.hash, { ...fields, action: 'pay' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/return/${placed.order.hash}`);
    const status = await test.app.inject(`/api/orders/${placed.order.hash}/status`);
    expect(status.json().response.status).toBe('PAID');
  });

  it('refuses a form whose amount was changed in the browser, or one signed with another key', async () => {
    const placed = await orderShow(test.app, show, 1);
    const response = placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;
    const fields = formFields(Buffer.from(String(response.form), 'base64').toString('utf8'));
    const cheaper = await post(placed.payment!.hash, { ...fields, amount: '1' });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json().error.code).toBe('INVALID_SIGNATURE');
    const guessed = {
      payment: fields.payment!,
      amount: '1',
      currency: fields.currency!,
      order: fields.order!,
    };
    const resigned = { ...guessed, signature: signFormFields('guessed-key', guessed) };
    expect((await post(placed.payment!.hash, resigned)).statusCode).toBe(400);
  });
});

describe('gateway choice', () => {
  const notConfigured = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof AppError ? error.code : error;
    }
    return 'no error';
  };

  it('refuses a gateway that is not configured or unknown, logging once each, and never falls back to test', () => {
    const lines: { msg: string }[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const gateways = createGateways({
      stripe: {
        secretKey: undefined,
        publishableKey: undefined,
        webhookSecret: undefined,
        apiUrl: undefined,
      },
      paypal: { clientId: 'only-the-id', clientSecret: undefined, apiUrl: undefined },
      formGatewaySecret: undefined,
    });
    for (const name of ['stripe', 'stripe', 'paypal', 'bitcoin']) {
      expect(notConfigured(() => usableGateway(gateways, name, log, 'EUR'))).toBe(
        'PAYMENT_GATEWAY_NOT_CONFIGURED',
      );
    }
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY'),
      expect.stringContaining('PAYPAL_CLIENT_SECRET'),
      expect.stringContaining('unknown'),
    ]);
    expect(usableGateway(gateways, 'test', log, 'EUR').name).toBe('test');
  });

  it('uses a configured gateway', () => {
    const gateways = createGateways({
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk', webhookSecret: 'whsec', apiUrl: undefined },
      paypal: { clientId: undefined, clientSecret: undefined, apiUrl: undefined },
      formGatewaySecret: 'secret',
    });
    const log = pino({ level: 'silent' });
    expect(usableGateway(gateways, 'stripe', log, 'EUR').name).toBe('stripe');
    expect(usableGateway(gateways, 'form', log, 'EUR').name).toBe('form');
    expect(usableGateway(gateways, 'test', log, 'EUR').name).toBe('test');
  });
});
