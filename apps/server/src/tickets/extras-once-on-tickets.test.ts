import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { linkUpsell } from '../modules/orders/order-fixtures.ts';
import { datedShow, orderShow, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation, createUpsell } from '../testing/fixtures.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadOrderTickets } from './load-tickets.ts';
import { renderTicketsPdf } from './ticket-pdf.ts';

/** An extra bought once is printed once, not on each ticket of the order (decision 0185). */
describe('extras on the tickets PDF', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z') });
  });
  afterAll(() => test.close());

  it('prints "1 × Parking" of an order of 4 tickets once, on its first ticket', async () => {
    const organisation = await createOrganisation(test.db);
    const show = await datedShow(test.db, organisation.id, 20);
    const parking = await createUpsell(test.db, organisation.id, {
      title: { en: 'Parking' },
      priceCents: 800,
      showOnTicket: true,
    });
    await linkUpsell(test.db, show.product.id, parking.id);
    const placed = await orderShow(test.app, show, 4, 0, {
      orders: [
        {
          product: { id: show.product.id, plot: show.plot.id },
          audiences: { [show.adult.id]: { id: show.adult.id, quantity: 4 } },
          upsells: { [parking.id]: { id: parking.id, quantity: 1 } },
        },
      ],
    });
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    const pdf = await renderTicketsPdf((await loadOrderTickets(test.db, order!.id))!);
    const pages = pdfText(pdf)
      .join('\n')
      .split(/Ticket \d of 4/)
      .slice(1);
    expect(pages).toHaveLength(4);
    const mentions = pages.map((page) => (page.match(/1 × Parking/g) ?? []).length);
    // The first ticket says it (for the whole order); the receipt page after the last ticket lists it once more.
    expect(mentions[0]).toBe(1);
    expect(mentions.slice(1, 3)).toEqual([0, 0]);
    expect(pages[3]!.split('Your order')[0]).not.toContain('Parking');
    expect(pages[0]).toContain('for the whole order');
  });
});
