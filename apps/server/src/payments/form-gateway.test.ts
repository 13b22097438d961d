import { describe, expect, it } from 'vitest';
import { createFormGateway, signFormFields, verifyFormFields, type FormFields } from './form-gateway.ts';

const SECRET = 'form-secret';
const fields: FormFields = { payment: 'pay-hash', amount: '3700', currency: 'EUR', order: '42' };

describe('form gateway signature', () => {
  it('accepts the fields it signed and refuses any change to them or to the signature', () => {
    const signature = signFormFields(SECRET, fields);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyFormFields(SECRET, fields, signature)).toBe(true);
    expect(verifyFormFields(SECRET, { ...fields, amount: '1' }, signature)).toBe(false);
    expect(verifyFormFields(SECRET, { ...fields, payment: 'other' }, signature)).toBe(false);
    expect(verifyFormFields('another-secret', fields, signature)).toBe(false);
    expect(
      verifyFormFields(
        SECRET,
        fields,
        signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
      ),
    ).toBe(false);
    expect(verifyFormFields(SECRET, fields, 'short')).toBe(false);
  });

  it('answers FORM with a base64 form that posts the signed fields to its own endpoint', async () => {
    const created = await createFormGateway(SECRET).createPayment({
      paymentHash: 'pay-hash',
      orderHash: 'order-hash',
      orderNumber: '4821 0937 563',
      amountCents: 3700,
      currency: 'EUR',
      language: 'en',
      description: 'Shop – 4821 0937 563',
      returnUrl: 'https://shop.example/checkout/return/order-hash',
      cancelUrl: 'https://shop.example/pay/cancel/pay-hash',
      baseUrl: 'https://shop.example',
    });
    expect(created.type).toBe('FORM');
    const html = Buffer.from(String(created.response.form), 'base64').toString('utf8');
    expect(html).toMatch(/^<form method="post" action="https:\/\/shop\.example\/pay\/form\/pay-hash"/);
    const values = Object.fromEntries(
      [...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    // The order as people know it: its public reference, never the internal id.
    const sent = { ...fields, order: '4821 0937 563' };
    expect(values).toEqual({ ...sent, signature: signFormFields(SECRET, sent) });
  });
});
