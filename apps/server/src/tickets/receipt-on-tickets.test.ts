import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../mail/recording-mailer.ts';
import { createAddition, linkUpsell } from '../modules/orders/order-fixtures.ts';
import { datedShow, orderShow, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createCoupon, createOrganisation, createUpsell } from '../testing/fixtures.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadOrderTickets } from './load-tickets.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';

/**
 * What was paid for is on the tickets, in the mail and on the return page
 * (decision 0149): every line (audiences, extras, donations), the discount,
 * the fees, the total and the venue, dates in the shop's format.
 */
describe('the receipt on tickets, in the tickets mail and on the return page', () => {
  let test: TestApp;
  let mailer: RecordingMailer;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z'), mailer });
  });
  afterAll(() => test.close());

  let shop: Awaited<ReturnType<typeof setUpShop>>;
  beforeAll(async () => {
    shop = await setUpShop();
  });

  async function setUpShop() {
    const organisation = await createOrganisation(test.db, {
      name: 'Schouwburg',
      address: 'Leidseplein 26\n1017 PT Amsterdam',
      themeColour: '2a6f97',
      dateFormat: 'DD-MM-YYYY',
    });
    const show = await datedShow(test.db, organisation.id, 20);
    const guide = await createUpsell(test.db, organisation.id, {
      title: { en: 'Audio guide', nl: 'Audiotour' },
      priceCents: 450,
      showOnTicket: true,
    });
    const donation = await createUpsell(test.db, organisation.id, {
      title: { en: 'Restoration fund', nl: 'Restauratiefonds' },
      priceCents: 0,
      upsellType: 'DONATION',
      donationStepCents: 250,
    });
    await linkUpsell(test.db, show.product.id, guide.id);
    await linkUpsell(test.db, show.product.id, donation.id);
    await createAddition(test.db, organisation.id, {
      name: { en: 'Booking fee', nl: 'Boekingskosten' },
      amountCents: 95,
    });
    const coupon = await createCoupon(test.db, organisation.id, {
      code: 'TENOFF',
      kind: 'PERCENTAGE',
      value: 1000,
    });
    return { show, guide, donation, coupon };
  }

  async function paidOrder(language: string) {
    const { show, guide, donation, coupon } = shop;
    const placed = await orderShow(test.app, show, 2, 1, {
      language,
      coupon: [coupon.code],
      orders: [
        {
          product: { id: show.product.id, plot: show.plot.id },
          audiences: {
            [show.adult.id]: { id: show.adult.id, quantity: 2 },
            [show.child.id]: { id: show.child.id, quantity: 1 },
          },
          upsells: {
            [guide.id]: { id: guide.id, quantity: 2 },
            [donation.id]: { id: donation.id, quantity: 1, price: 5 },
          },
        },
      ],
    });
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    return { order: order! };
  }

  it('prints every line, the discount, the fee, the total and the venue on the tickets PDF (English, day-month)', async () => {
    const { order } = await paidOrder('en');
    // 2 × 15.00 + 7.00 = 37.00 tickets, −3.70 coupon (tickets only), 2 × 4.50 guide, 5.00 donation, 0.95 fee.
    expect(order.totalCents).toBe(3700 - 370 + 900 + 500 + 95);
    const tickets = await loadOrderTickets(test.db, order.id);
    const pdf = await renderTicketsPdf(tickets!);
    // Kept for looking at: pdftoppm -png -r 80 $TMPDIR/receipt-tickets-en.pdf page
    writeFileSync(path.join(tmpdir(), 'receipt-tickets-en.pdf'), pdf);
    const text = pdfText(pdf).join('\n');
    for (const expected of [
      'Schouwburg',
      '2 × Adult',
      '1 × Child',
      '2 × Audio guide',
      '1 × Restoration fund',
      'Discount (TENOFF)',
      '– €3.70',
      'Booking fee',
      '€0.95',
      'Total paid',
      '€48.25',
      'Leidseplein 26',
      'Wednesday 10-06-2026',
      'Includes, for the whole order: 2 × Audio guide',
      `Order: ${formatOrderReference(order.reference)}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The shop's clock is meant: no zone names, no US month-first dates.
    expect(text).not.toContain('Europe/Amsterdam');
    expect(text).not.toMatch(/June 10|06-10-2026/);
  });

  it('puts the same in the tickets mail (outbox job), in the order’s language', async () => {
    const { order } = await paidOrder('nl');
    mailer.sent.length = 0;
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes(formatOrderReference(order.reference)));
    expect(mail).toBeDefined();
    for (const expected of [
      '2 × Volwassene',
      '1 × Kind',
      '2 × Audiotour',
      '1 × Restauratiefonds',
      'Korting (TENOFF)',
      'Boekingskosten',
      'Totaal betaald',
      'Leidseplein 26',
      'woensdag 10-06-2026',
    ]) {
      expect(mail!.text).toContain(expected);
    }
    expect(mail!.text).toMatch(/Totaal betaald: €\s?48,25/);
    const attached = pdfText(mail!.attachments![0]!.content as Buffer).join('\n');
    expect(attached).toContain('Inclusief, voor de hele bestelling: 2 × Audiotour');
  });

  it('answers the receipt on the return page’s status call', async () => {
    const { order } = await paidOrder('en');
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${order.hash}/status`,
    });
    const receipt = response.json().response.order.receipt;
    expect(receipt.items[0].lines).toEqual([
      { kind: 'TICKET', label: 'Adult', quantity: 2, amount: 30 },
      { kind: 'TICKET', label: 'Child', quantity: 1, amount: 7 },
      { kind: 'UPSELL', label: 'Audio guide', quantity: 2, amount: 9 },
      { kind: 'DONATION', label: 'Restoration fund', quantity: 1, amount: 5 },
    ]);
    expect(receipt.discounts).toEqual([{ kind: 'COUPON', code: 'TENOFF', amount: 3.7 }]);
    expect(receipt.additions).toEqual([{ label: 'Booking fee', amount: 0.95 }]);
    expect(receipt.venue).toEqual({ name: 'Schouwburg', address: 'Leidseplein 26\n1017 PT Amsterdam' });
  });
});
