/**
 * Invoices (decision 0242): issued in the settlement transaction with the
 * shop's next number, printed as a PDF that names seller and buyer, the
 * dates, every line with its rate and the totals per rate, in the order's
 * language; 409 before payment; never changed once issued.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { pressTestPage } from '../../modules/payments/payment-fixtures.ts';
import { seedIfEmpty } from '../../seed/seed.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { creditTicketLines, issueCreditNote } from './issue-credit-note.ts';

let t: TestApp;
let flexId: number;
let audioGuideId: number | undefined;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db);
  const home = (await t.app.inject({ url: '/api/home/products' })).json();
  flexId = home.products.find((item: { slug: string }) => item.slug === 'flex-ticket').id;
  const [guide] = await t.db.select().from(s.upsells).where(eq(s.upsells.key, 'audio-guide'));
  audioGuideId = guide?.id;
}, 120_000);
afterAll(() => t?.close());

const customer = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.test',
  company: 'Analytical Engines Ltd',
  vat_id: 'GB123456789',
};

async function placeFlex(language: string, quantity = 2) {
  const fields = (await t.app.inject({ url: '/api/organisation' })).json().fields as Record<
    string,
    { id: number; type: string }
  >;
  const confirm = Object.values(fields).find((field) => field.type === 'EMAIL_CONFIRM')!;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      language,
      customer: { ...customer, fields: { [confirm.id]: customer.email } },
      orders: [{ product: { id: flexId, quantity } }],
    },
  });
  if (placed.statusCode !== 200) throw new Error(`order: ${placed.body}`);
  const answer = placed.json().response.orders[0];
  return { hash: answer.order.hash as string, paymentHash: answer.payment.hash as string };
}

async function invoiceText(hash: string) {
  const answer = await t.app.inject({ url: `/api/orders/${hash}/invoice.pdf` });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return pdfText(answer.rawPayload).join('\n');
}

describe('an invoice for every paid order', () => {
  it('answers 409 before payment, then the invoice with seller, buyer, dates, rates and totals (English)', async () => {
    const { hash, paymentHash } = await placeFlex('en');
    const early = await t.app.inject({ url: `/api/orders/${hash}/invoice.pdf` });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('INVOICE_NOT_AVAILABLE');
    await pressTestPage(t.app, paymentHash, 'pay');

    const [order] = await t.db.select().from(s.orders).where(eq(s.orders.hash, hash));
    const [invoice] = await t.db.select().from(s.invoices).where(eq(s.invoices.orderId, order!.id));
    expect(invoice!.number).toMatch(/^\d{4}-\d{5}$/);
    // Flex tickets at the reduced rate (9 %), the booking fee at the standard rate (21 %).
    expect(invoice!.totals.map((total) => total.rateBp)).toEqual([900, 2100]);
    expect(invoice!.grossCents).toBe(order!.totalCents);
    expect(invoice!.payableCents).toBe(order!.totalCents);

    const text = await invoiceText(hash);
    expect(text).toContain(`Invoice ${invoice!.number}`);
    expect(text).toContain('Stichting Kassa Demo Museum');
    expect(text).toContain('NL123456789B01');
    expect(text).toContain('KvK 12345678');
    expect(text).toContain('Analytical Engines Ltd');
    expect(text).toContain('GB123456789');
    expect(text).toContain('Invoice date');
    expect(text).toContain('Date of visit');
    expect(text).toContain('VAT 9%');
    expect(text).toContain('VAT 21%');
    expect(text).toContain('Total excl. VAT');
    expect(text).toContain('Total incl. VAT');
    // Paid online: no due date, no bank details.
    expect(text).not.toContain('Due date');
    expect(text).not.toContain('IBAN');

    const status = (await t.app.inject({ url: `/api/orders/${hash}/status` })).json().response;
    expect(status.invoiceUrl).toBe(`/api/orders/${hash}/invoice.pdf`);
    expect(status.order.receipt.vat.map((total: { rate: number }) => total.rate)).toEqual([9, 21]);
  });

  it('prints it in the order’s language (Dutch: "Factuur", "BTW 9%")', async () => {
    const { hash, paymentHash } = await placeFlex('nl', 1);
    await pressTestPage(t.app, paymentHash, 'pay');
    const text = await invoiceText(hash);
    expect(text).toMatch(/Factuur \d{4}-\d{5}/);
    expect(text).toContain('Factuurdatum');
    expect(text).toContain('Datum van bezoek');
    expect(text).toContain('BTW 9%');
    expect(text).toContain('Totaal excl. btw');
    expect(text).not.toContain('VAT 9%');
  });

  it('numbers the shop’s invoices one after another, and never changes an issued one', async () => {
    const first = await placeFlex('en', 1);
    const second = await placeFlex('en', 1);
    await pressTestPage(t.app, second.paymentHash, 'pay');
    await pressTestPage(t.app, first.paymentHash, 'pay');
    const rows = await t.db.select().from(s.invoices).orderBy(s.invoices.sequence);
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    const latest = rows.at(-1)!;
    const before = await invoiceText(first.hash);
    // The catalogue's rate changes; the issued invoice does not.
    await t.db.update(s.organisations).set({
      taxRates: [
        { name: 'reduced', percentage: 12 },
        { name: 'standard', percentage: 21 },
        { name: 'exempt', percentage: 0 },
      ],
    });
    const [after] = await t.db.select().from(s.invoices).where(eq(s.invoices.id, latest.id));
    expect(after).toEqual(latest);
    expect(await invoiceText(first.hash)).toBe(before);
    await t.db.update(s.organisations).set({
      taxRates: [
        { name: 'reduced', percentage: 9 },
        { name: 'standard', percentage: 21 },
        { name: 'exempt', percentage: 0 },
      ],
    });
    expect(audioGuideId).toBeDefined();
  });
});

describe('credit notes', () => {
  /** Takes back `grossCents` of the order's first ticket line (or all of it), as a cancellation would. */
  async function credit(hash: string, grossCents?: number) {
    return t.db.transaction(async (tx) => {
      const [order] = await tx.select().from(s.orders).where(eq(s.orders.hash, hash));
      const [line] = await tx
        .select()
        .from(s.orderLines)
        .where(eq(s.orderLines.orderId, order!.id))
        .orderBy(s.orderLines.id);
      return issueCreditNote(tx, {
        organisationId: order!.organisationId,
        orderId: order!.id,
        refundId: null,
        lines: [{ orderLineId: line!.id, quantity: 1, grossCents: grossCents ?? line!.totalCents }],
        issuedAt: new Date(),
      });
    });
  }

  it('credits an amount on the ticket lines by what earlier notes left, never the fees, never beyond (decisions 0247, 0249)', async () => {
    const { hash, paymentHash } = await placeFlex('en', 2);
    await pressTestPage(t.app, paymentHash, 'pay');
    const [row] = await t.db
      .select()
      .from(s.invoices)
      .innerJoin(s.orders, eq(s.orders.id, s.invoices.orderId))
      .where(eq(s.orders.hash, hash));
    const invoice = row!.invoices;
    const ticket = invoice.lines.find((line) => line.kind === 'CHARGE')!;
    const amount = (cents: number) =>
      t.db.transaction((tx) =>
        creditTicketLines(tx, {
          organisationId: invoice.organisationId,
          orderId: invoice.orderId,
          refundId: null,
          cents,
          issuedAt: new Date(),
        }),
      );
    // A cancellation's note takes 5.00 of the ticket line first.
    await credit(hash, 500);
    // Asked for more than the ticket line has left: only its rest, nothing on the fee.
    const note = await amount(ticket.paidGrossCents + 1000);
    expect(note!.lines.map((line) => [line.orderLineId, line.grossCents])).toEqual([
      [ticket.orderLineId, ticket.paidGrossCents - 500],
    ]);
    expect(await amount(100)).toBeNull();
    const notes = await t.db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, invoice.orderId));
    expect(notes.reduce((sum, entry) => sum + entry.grossCents, 0)).toBe(ticket.paidGrossCents);
    expect(ticket.paidGrossCents).toBeLessThan(invoice.grossCents);
  });

  it.each([
    ['en', 'Credit note', 'Credits invoice', 'VAT 9%', 'Total credited'],
    ['nl', 'Creditnota', 'Crediteert factuur', 'BTW 9%', 'Totaal gecrediteerd'],
  ])(
    'in %s: refers to its invoice, takes the line back at its rate, and never more than it',
    async (language, title, refers, rate, total) => {
      const { hash, paymentHash } = await placeFlex(language, 2);
      // Before payment there is no invoice, so no credit note.
      expect(await credit(hash)).toBeNull();
      await pressTestPage(t.app, paymentHash, 'pay');
      const [invoice] = await t.db
        .select()
        .from(s.invoices)
        .innerJoin(s.orders, eq(s.orders.id, s.invoices.orderId))
        .where(eq(s.orders.hash, hash));
      const ticket = invoice!.invoices.lines.find((line) => line.kind === 'CHARGE')!;
      // Asked for more than the line was sold for: the line is capped at it, and the rest (a
      // refund's share of the fees) goes on the fee lines, never past the invoice.
      const fees = invoice!.invoices.lines.filter((line) => line.kind === 'CHARGE' && line !== ticket);
      const room = ticket.paidGrossCents + fees.reduce((sum, line) => sum + line.paidGrossCents, 0);
      const note = await credit(hash, room + 500);
      expect(note!.number).toMatch(/^CN-\d{4}-\d{5}$/);
      expect(note!.grossCents).toBe(room);
      expect(note!.lines.find((line) => line.orderLineId === ticket.orderLineId)!.grossCents).toBe(
        ticket.paidGrossCents,
      );
      expect(note!.totals).toContainEqual({
        rateBp: 900,
        grossCents: ticket.paidGrossCents,
        netCents: expect.any(Number),
        vatCents: expect.any(Number),
      });
      // Nothing left of the line: no second note.
      expect(await credit(hash)).toBeNull();

      const answer = await t.app.inject({ url: `/api/orders/${hash}/credit-notes/${note!.number}.pdf` });
      expect(answer.statusCode).toBe(200);
      const text = pdfText(answer.rawPayload).join('\n');
      expect(text).toContain(`${title} ${note!.number}`);
      expect(text).toContain(`${refers}`);
      expect(text).toContain(invoice!.invoices.number);
      expect(text).toContain(rate);
      expect(text).toContain(total);
      expect(text).toContain('Stichting Kassa Demo Museum');

      const status = (await t.app.inject({ url: `/api/orders/${hash}/status` })).json().response;
      // The buyer is a company: the credit note comes as an e-invoice too (decision 0244).
      expect(status.creditNotes).toEqual([
        {
          number: note!.number,
          url: `/api/orders/${hash}/credit-notes/${note!.number}.pdf`,
          eInvoiceUrl: `/api/orders/${hash}/credit-notes/${note!.number}.xml`,
        },
      ]);
      const missing = await t.app.inject({ url: `/api/orders/${hash}/credit-notes/CN-1999-00001.pdf` });
      expect(missing.statusCode).toBe(404);
    },
  );
});
