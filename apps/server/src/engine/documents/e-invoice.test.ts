/**
 * EN 16931 e-invoices (decision 0244): a company's paid order has its
 * invoice, and each credit note, as UBL; the library's schema check passes
 * (it throws on data that breaks it), the EN 16931 rules checked in Node
 * hold (testing/en16931-check.ts), the amounts per rate are the issued
 * document's (which the PDF prints) to the cent, seller, buyer and VAT ids
 * are in it; a broken document fails both checks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { pressTestPage } from '../../modules/payments/payment-fixtures.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { en16931Violations, parseUbl } from '../../testing/en16931-check.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { staffLogin } from '../../modules/staff/staff-fixtures.ts';
import { invoiceData, renderUbl } from './e-invoice.ts';
import { issuedInvoice } from './invoice-store.ts';
import { issueCreditNote } from './issue-credit-note.ts';

let t: TestApp;
let flexId: number;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db);
  const home = (await t.app.inject({ url: '/api/home/products' })).json();
  flexId = home.products.find((item: { slug: string }) => item.slug === 'flex-ticket').id;
}, 120_000);
afterAll(() => t?.close());

const business = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  company: 'Analytical Engines BV',
  vat_id: 'NL987654321B01',
  address: 'Kalverstraat 10',
  city: '1012 NX Amsterdam',
};

async function placePaid(customer: Record<string, string>, coupon: string[] = []) {
  const fields = (await t.app.inject({ url: '/api/organisation' })).json().fields as Record<
    string,
    { id: number; type: string }
  >;
  const confirm = Object.values(fields).find((field) => field.type === 'EMAIL_CONFIRM')!;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      language: 'en',
      customer: { ...customer, fields: { [confirm.id]: customer.email } },
      orders: [{ product: { id: flexId, quantity: 3 } }],
      coupon,
    },
  });
  if (placed.statusCode !== 200) throw new Error(`order: ${placed.body}`);
  const answer = placed.json().response.orders[0];
  await pressTestPage(t.app, answer.payment.hash, 'pay');
  const [order] = await t.db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
  return order!;
}

/** "€ 12.34"-style amounts as the English PDF prints them: the digits with two decimals. */
function printed(cents: number): string {
  return (cents / 100).toFixed(2);
}

describe('the invoice as an e-invoice', () => {
  it('is UBL that passes the checks, with the PDF’s amounts per rate and both parties’ VAT ids', async () => {
    const order = await placePaid(business, ['WELCOME10']);
    const invoice = (await issuedInvoice(t.db, order.id))!;
    // The coupon makes reduction lines: the e-invoice carries them as allowances.
    expect(invoice.lines.some((line) => line.kind === 'REDUCTION')).toBe(true);

    const answer = await t.app.inject({ url: `/api/orders/${order.hash}/invoice.xml` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/xml/);
    const xml = answer.body;
    expect(en16931Violations(xml)).toEqual([]);

    const { summary } = parseUbl(xml);
    expect(summary.root).toBe('Invoice');
    expect(summary.perRate).toEqual(
      invoice.totals.map((total) => ({
        percent: (total.rateBp! / 100).toFixed(2),
        category: 'S',
        taxableCents: total.netCents,
        vatCents: total.vatCents,
      })),
    );
    expect(summary.taxInclusiveCents).toBe(invoice.grossCents);
    expect(summary.taxInclusiveCents).toBe(order.totalCents);
    // Paid online: all of it is prepaid, nothing is due.
    expect(summary.payableCents).toBe(0);

    // The PDF prints the same invoice: each rate's VAT and the totals, to the cent.
    const pdf = await t.app.inject({ url: `/api/orders/${order.hash}/invoice.pdf` });
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const total of invoice.totals) expect(text).toContain(printed(total.vatCents));
    expect(text).toContain(printed(summary.taxExclusiveCents));
    expect(text).toContain(printed(summary.taxInclusiveCents));

    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    expect(xml).toContain('Stichting Kassa Demo Museum');
    expect(xml).toContain('<cbc:CompanyID>NL123456789B01</cbc:CompanyID>');
    expect(xml).toContain('Analytical Engines BV');
    expect(xml).toContain('<cbc:CompanyID>NL987654321B01</cbc:CompanyID>');
    expect(xml).toContain('<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>');

    const status = (await t.app.inject({ url: `/api/orders/${order.hash}/status` })).json().response;
    expect(status.eInvoiceUrl).toBe(`/api/orders/${order.hash}/invoice.xml`);
  });

  it('is refused with its code for a private buyer, and before payment', async () => {
    const { company: _company, vat_id: _vatId, ...visitor } = business;
    const order = await placePaid({ ...visitor, email: 'private@example.test' });
    const answer = await t.app.inject({ url: `/api/orders/${order.hash}/invoice.xml` });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.code).toBe('EINVOICE_NOT_AVAILABLE');
    const status = (await t.app.inject({ url: `/api/orders/${order.hash}/status` })).json().response;
    expect(status.eInvoiceUrl).toBeNull();
  });

  it('a broken document fails: the library refuses broken data, the rules catch wrong sums', async () => {
    const order = await placePaid(business);
    const invoice = (await issuedInvoice(t.db, order.id))!;
    const good = invoiceData(invoice, 'visit@demo-museum.example');
    // The library's schema: an unknown document type and a missing seller name are refused.
    const wrongType = structuredClone(good) as unknown as { 'ubl:Invoice': Record<string, unknown> };
    wrongType['ubl:Invoice']['cbc:InvoiceTypeCode'] = '999';
    await expect(renderUbl(wrongType as never)).rejects.toThrow();
    const noSeller = structuredClone(good) as unknown as {
      'ubl:Invoice': { 'cac:AccountingSupplierParty': { 'cac:Party': Record<string, unknown> } };
    };
    delete noSeller['ubl:Invoice']['cac:AccountingSupplierParty']['cac:Party']['cac:PartyLegalEntity'];
    await expect(renderUbl(noSeller as never)).rejects.toThrow();
    // The rules: a VAT amount one cent off breaks the sums.
    const xml = await renderUbl(good);
    expect(en16931Violations(xml)).toEqual([]);
    const vat = invoice.totals[0]!.vatCents;
    const tampered = xml.replace(
      `<cbc:TaxAmount currencyID="EUR">${printed(vat)}</cbc:TaxAmount>`,
      `<cbc:TaxAmount currencyID="EUR">${printed(vat + 1)}</cbc:TaxAmount>`,
    );
    expect(tampered).not.toBe(xml);
    expect(en16931Violations(tampered)).toContain('BR-CO-14');
    const noLines = xml.replace(/<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/, '');
    expect(en16931Violations(noLines)).toEqual(expect.arrayContaining(['BR-16', 'BR-CO-10']));
  });
});

describe('a credit note as an e-invoice', () => {
  it('is a UBL CreditNote referring to its invoice, with the credit note’s amounts per rate', async () => {
    const order = await placePaid(business);
    const invoice = (await issuedInvoice(t.db, order.id))!;
    const ticket = invoice.lines.find((line) => line.kind === 'CHARGE')!;
    const note = await t.db.transaction((tx) =>
      issueCreditNote(tx, {
        organisationId: order.organisationId,
        orderId: order.id,
        refundId: null,
        lines: [
          {
            orderLineId: ticket.orderLineId!,
            quantity: 1,
            grossCents: Math.floor(ticket.paidGrossCents / 3),
          },
        ],
        issuedAt: new Date(),
      }),
    );
    const answer = await t.app.inject({ url: `/api/orders/${order.hash}/credit-notes/${note!.number}.xml` });
    expect(answer.statusCode, answer.body).toBe(200);
    const xml = answer.body;
    expect(en16931Violations(xml)).toEqual([]);
    const { summary } = parseUbl(xml);
    expect(summary.root).toBe('CreditNote');
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.number}</cbc:ID>`));
    expect(summary.perRate.map((rate) => [rate.taxableCents, rate.vatCents])).toEqual(
      note!.totals.map((total) => [total.netCents, total.vatCents]),
    );
    expect(summary.taxInclusiveCents).toBe(note!.grossCents);

    const pdf = await t.app.inject({ url: `/api/orders/${order.hash}/credit-notes/${note!.number}.pdf` });
    const text = pdfText(pdf.rawPayload).join('\n');
    for (const total of note!.totals) expect(text).toContain(printed(total.vatCents));

    const status = (await t.app.inject({ url: `/api/orders/${order.hash}/status` })).json().response;
    expect(status.creditNotes).toEqual([
      {
        number: note!.number,
        url: `/api/orders/${order.hash}/credit-notes/${note!.number}.pdf`,
        eInvoiceUrl: `/api/orders/${order.hash}/credit-notes/${note!.number}.xml`,
      },
    ]);
    const missing = await t.app.inject({ url: `/api/orders/${order.hash}/credit-notes/CN-1999-00001.xml` });
    expect(missing.statusCode).toBe(404);

    // The staff order page links both.
    const { headers } = await staffLogin(t.app, t.db, order.organisationId, 'Bo Office', 'box-office');
    const page = await t.app.inject({ url: `/api/staff/orders/${order.reference}`, headers });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().einvoices).toEqual([
      { number: invoice.number, url: `/api/orders/${order.hash}/invoice.xml` },
      { number: note!.number, url: `/api/orders/${order.hash}/credit-notes/${note!.number}.xml` },
    ]);
  });
});
