import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateways, chooseGateway } from '../../payments/gateways.ts';
import { signFormFields } from '../../payments/form-gateway.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, type Show } from './payment-fixtures.ts';

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

  it('posts the signed form to its endpoint, which shows the choices; then Pay settles the order', async () => {
    const placed = await orderShow(test.app, show, 1);
    expect(placed.payment).toMatchObject({ gateway: 'form', type: 'FORM' });
    const response = placed.payment!.transaction === false ? {} : placed.payment!.transaction.response;
    const fields = formFields(Buffer.from(String(response.form), 'base64').toString('utf8'));
    const page = await post(placed.payment!.hash, fields);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    const paid = await test.app.inject({
      method: 'POST',
      url: `/pay/test/${placed.payment!.hash}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
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
  it('falls back to the test gateway, logging once, when the chosen one is not configured or unknown', () => {
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
    expect(chooseGateway(gateways, 'stripe', log).name).toBe('test');
    expect(chooseGateway(gateways, 'stripe', log).name).toBe('test');
    expect(chooseGateway(gateways, 'paypal', log).name).toBe('test');
    expect(chooseGateway(gateways, 'bitcoin', log).name).toBe('test');
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringContaining('STRIPE_SECRET_KEY'),
      expect.stringContaining('PAYPAL_CLIENT_SECRET'),
      expect.stringContaining('unknown'),
    ]);
  });

  it('uses a configured gateway', () => {
    const gateways = createGateways({
      stripe: { secretKey: 'sk_test_x', publishableKey: 'pk', webhookSecret: 'whsec', apiUrl: undefined },
      paypal: { clientId: undefined, clientSecret: undefined, apiUrl: undefined },
      formGatewaySecret: 'secret',
    });
    const log = pino({ level: 'silent' });
    expect(chooseGateway(gateways, 'stripe', log).name).toBe('stripe');
    expect(chooseGateway(gateways, 'form', log).name).toBe('form');
    expect(chooseGateway(gateways, 'test', log).name).toBe('test');
  });
});
