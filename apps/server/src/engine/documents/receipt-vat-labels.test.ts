/**
 * The receipt names the tax in the order's language (decision 0240): "VAT
 * 9%" in English, "BTW 9%", "MwSt. 9%", "IVA 9%", "TVA 9%" in the others,
 * on the return page's receipt and in its PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pressTestPage } from '../../modules/payments/payment-fixtures.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let flexId: number;
let confirmId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db);
  const home = (await t.app.inject({ url: '/api/home/products' })).json();
  flexId = home.products.find((item: { slug: string }) => item.slug === 'flex-ticket').id;
  const fields = (await t.app.inject({ url: '/api/organisation' })).json().fields as Record<
    string,
    { id: number; type: string }
  >;
  confirmId = Object.values(fields).find((field) => field.type === 'EMAIL_CONFIRM')!.id;
}, 120_000);
afterAll(() => t?.close());

const LABELS: [string, string][] = [
  ['en', 'VAT 9%'],
  ['nl', 'BTW 9%'],
  ['de', 'MwSt. 9%'],
  ['es', 'IVA 9%'],
  ['fr', 'TVA 9%'],
];

describe('the receipt’s VAT lines per language', () => {
  it.each(LABELS)('in %s it says "%s"', async (language, label) => {
    const email = `receipt-${language}@example.test`;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        language,
        customer: { first_name: 'Rita', last_name: 'Receipt', email, fields: { [confirmId]: email } },
        orders: [{ product: { id: flexId, quantity: 1 } }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const answer = placed.json().response.orders[0];
    await pressTestPage(t.app, answer.payment.hash, 'pay');
    const pdf = await t.app.inject({ url: `/api/orders/${answer.order.hash}/receipt.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain(label);
    for (const [other, otherLabel] of LABELS) if (other !== language) expect(text).not.toContain(otherLabel);
    const status = (await t.app.inject({ url: `/api/orders/${answer.order.hash}/status` })).json().response;
    expect(status.order.receipt.vat.map((line: { rate: number }) => line.rate)).toContain(9);
  });
});
