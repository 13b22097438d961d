import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { receiptTexts } from '../tickets/receipt-texts.ts';
import { ORDER_KINDS_SEEN, placeEveryKind, type EveryKind } from './every-kind-orders.ts';

const PAID_KINDS = ['product', 'voucher', 'subscription', 'renewal'] as const;

/**
 * One receipt for every kind of order (decision 0186): the return page, the
 * mail and the PDF show the same lines, fees by their names, discounts and
 * gift-card credit each on a line, the total paid, the public order number
 * and the documents to download.
 */
describe('the same receipt for every kind of order, on the return page, in the mail and in the PDF', () => {
  let every: EveryKind;
  beforeAll(async () => {
    every = await placeEveryKind('de');
  }, 60_000);
  afterAll(() => every.close());

  const status = (kind: (typeof ORDER_KINDS_SEEN)[number]) =>
    JSON.parse(every.seen[kind].answers[1]!).response;

  it.each(ORDER_KINDS_SEEN)(
    'a %s order: the return page has every line, the named fee, the total and the number',
    (kind) => {
      const answer = status(kind);
      const receipt = answer.order.receipt;
      expect(receipt.reference).toBe(formatOrderReference(every.seen[kind].order.reference));
      expect(receipt.items.length).toBeGreaterThan(0);
      for (const item of receipt.items) expect(item.lines.length).toBeGreaterThan(0);
      expect(receipt.additions).toEqual([{ label: 'Buchungsgebühr', amount: 0.95 }]);
      expect(receipt.total).toBe(answer.order.total);
      expect(receipt.total_kind).toBe(kind === 'reservation' ? 'DUE' : 'PAID');
    },
  );

  it('a year pass: "1 × Erwachsene 59,00 €" on the return page, its passes and receipt to download', () => {
    const answer = status('subscription');
    expect(answer.order.receipt.items).toEqual([
      {
        title: 'Museums-Jahreskarte',
        date: null,
        time: null,
        lines: [{ kind: 'PASS', label: 'Erwachsene', quantity: 1, amount: 59 }],
      },
    ]);
    expect(answer.order.total).toBe(59.95);
    expect(answer.passesUrl).toMatch(/\/passes\.pdf$/);
    expect(answer.receiptUrl).toMatch(/\/receipt\.pdf$/);
  });

  it.each(PAID_KINDS)(
    'a %s order: the mail prints the receipt with the public number and the total paid',
    (kind) => {
      const { mails, order } = every.seen[kind];
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(text).toContain(`Bestellung: ${formatOrderReference(order.reference)}`);
      expect(text).toContain('Ihre Bestellung:');
      expect(text).toMatch(/Buchungsgebühr: 0,95\s€/);
      expect(text).toMatch(
        new RegExp(`Gesamt bezahlt: ${(order.totalCents / 100).toFixed(2).replace('.', ',')}\\s€`),
      );
    },
  );

  it('the pass mail names the year pass without a wrong article, and dates it like the tickets', () => {
    for (const kind of ['subscription', 'renewal'] as const) {
      const mail = every.seen[kind].mails[0]!;
      expect(mail.text).not.toMatch(/Ihr Museums/);
      expect(mail.subject).not.toMatch(/Ihr Museums/);
      expect(mail.text).toContain('1 × Erwachsene');
      expect(mail.text).toMatch(/gilt (jetzt )?bis \p{L}+ \d{2}-\d{2}-\d{4}/u);
    }
  });

  it.each(PAID_KINDS)('a %s order: a PDF it comes with prints the same receipt', (kind) => {
    const { pdfs, order } = every.seen[kind];
    const receiptPdf = pdfs.find((text) => text.includes('Ihre Bestellung'));
    expect(receiptPdf).toBeDefined();
    expect(receiptPdf).toContain(formatOrderReference(order.reference));
    expect(receiptPdf).toContain('Buchungsgebühr');
    expect(receiptPdf).toContain('Gesamt bezahlt');
  });

  it.each(ORDER_KINDS_SEEN)(
    'a %s order: net, VAT per rate and gross on the return page, in the mail and in the PDF (decision 0240)',
    (kind) => {
      const receipt = status(kind).order.receipt;
      expect(receipt.vat.length).toBeGreaterThan(0);
      for (const total of receipt.vat)
        expect(Math.round((total.net + total.vat) * 100)).toBe(Math.round(total.gross * 100));
      // The booking fee is at the standard rate; gross over the rates is what was sold.
      expect(receipt.vat.find((total: { rate: number | null }) => total.rate === 21)).toBeDefined();
      const text = every.seen[kind].mails[0]!.text;
      expect(text).toMatch(/MwSt\. 21%: \d+,\d{2}\s€/);
      expect(text).toContain('Gesamt netto');
      if (kind !== 'reservation') {
        const pdf = every.seen[kind].pdfs.find((one) => one.includes('Ihre Bestellung'))!;
        expect(pdf).toContain('MwSt. 21%');
        expect(pdf).toContain('Gesamt brutto');
      }
    },
  );

  it('a multi-purpose gift card is sold without VAT; admission carries 9 %', () => {
    const voucher = status('voucher').order.receipt.vat;
    expect(voucher.find((total: { rate: number | null }) => total.rate === null)).toMatchObject({ vat: 0 });
    expect(every.seen.voucher.mails[0]!.text).toContain('Nicht steuerbar');
    expect(status('product').order.receipt.vat.map((total: { rate: number | null }) => total.rate)).toContain(
      9,
    );
  });

  it('the reservation mail prints the same receipt, with the total still to pay', () => {
    const text = every.seen.reservation.mails[0]!.text;
    expect(text).toContain('1 × Volwassene'.replace('Volwassene', 'Adult'));
    expect(text).toMatch(/Buchungsgebühr: 0,95\s€/);
    expect(text).toContain('Gesamt zu zahlen');
    expect(text).toMatch(/\/reservation\/[^\s]+\?lang=de/);
  });

  it('a changed reservation keeps its booking fee by name, not "Rebooking fee"', async () => {
    const { test, seen } = every;
    // A reservation that replaced another reservation: priced as a new booking (decision 0130).
    await test.db
      .update(s.orders)
      .set({ rebookOfOrderId: seen.product.order.id })
      .where(eq(s.orders.id, seen.reservation.order.id));
    const answer = await test.app.inject({ url: `/api/orders/${seen.reservation.order.hash}/status` });
    expect(answer.json().response.order.receipt.additions).toEqual([
      { label: 'Buchungsgebühr', amount: 0.95 },
    ]);
  });
});

describe('receipt wording', () => {
  let every: EveryKind;
  beforeAll(async () => {
    every = await placeEveryKind('fr');
  }, 60_000);
  afterAll(() => every.close());

  it('writes French labels with a space before the colon, in the mail and the PDF', () => {
    const { mails, pdfs } = every.seen.product;
    expect(mails[0]!.text).toMatch(/Total payé\u00a0: /);
    expect(mails[0]!.text).not.toMatch(/\S: \d/);
    const pdf = pdfs.join('\n');
    expect(pdf).toMatch(/Date : /);
    expect(pdf).toMatch(/Commande : /);
    expect(pdf).not.toMatch(/(Date|Heure|Lieu|Commande):/);
  });

  it('puts gift-card credit on its own line and says the fee was not charged when nothing was left to pay', async () => {
    const { test, seen } = every;
    const [card] = await test.db
      .select({ code: s.issuedVouchers.code })
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.orderId, seen.voucher.order.id));
    const [product] = await test.db.select().from(s.products).limit(1);
    const [adult] = await test.db.select().from(s.audiences).where(eq(s.audiences.productId, product!.id));
    const [plot] = await test.db.select().from(s.plots).where(eq(s.plots.productId, product!.id));
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        language: 'en',
        coupon: [card!.code],
        customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'gift@example.test', fields: {} },
        orders: [
          {
            product: { id: product!.id, plot: plot!.id },
            audiences: { [adult!.id]: { id: adult!.id, quantity: 1 } },
          },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const hash = placed.json().response.orders[0].order.hash;
    const receipt = (await test.app.inject({ url: `/api/orders/${hash}/status` })).json().response.order
      .receipt;
    expect(receipt.discounts).toEqual([
      { kind: 'VOUCHER', code: expect.stringMatching(/^…\w{4}$/), amount: 15 },
    ]);
    expect(receipt.additions).toEqual([]);
    expect(receipt.fee_note).toBe('WAIVED');
    every.mailer.sent.length = 0;
    await test.deliverMail();
    const mail = every.mailer.sent.find((sent) => sent.text.includes(receipt.reference));
    expect(mail!.text).toMatch(/Gift card …\w{4}: − €15\.00/);
    expect(mail!.text).toContain('Booking fee: not charged');
    expect(mail!.text).not.toMatch(/^Discount/m);
  });

  it('names the fee the same at checkout, on the return page and in mails and PDFs, in all five languages', () => {
    const locales = path.resolve(import.meta.dirname, '../../../storefront/src/locales');
    for (const language of ['en', 'nl', 'es', 'de', 'fr']) {
      const texts = JSON.parse(readFileSync(path.join(locales, `${language}.json`), 'utf8'));
      expect(texts.summary.additions, language).toBe(receiptTexts(language).fee);
      expect(texts.checkoutReturn.fees, language).toBe(receiptTexts(language).fee);
    }
  });
});
