import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../mail/recording-mailer.ts';
import { datedShow, orderShow, pdfPageCount, pressTestPage } from '../modules/payments/payment-fixtures.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { loadOrderTickets } from './load-tickets.ts';

describe('tickets of a paid order', () => {
  let test: TestApp;
  let mailer: RecordingMailer;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z'), mailer });
  });
  afterAll(() => test.close());

  it('prints one ticket per person in the order language, with date, slot and audience, and mails them in it', async () => {
    const organisation = await createOrganisation(test.db, { name: 'Schouwburg' });
    const show = await datedShow(test.db, organisation.id, 20);
    const placed = await orderShow(test.app, show, 2, 1, { language: 'nl' });
    await pressTestPage(test.app, placed.payment!.hash, 'pay');
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));

    const printed = await loadOrderTickets(test.db, order!.id);
    expect(printed).toMatchObject({ language: 'nl', shop: 'Schouwburg', timeZone: 'Europe/Amsterdam' });
    expect(
      printed!.tickets.map((ticket) => [ticket.product, ticket.date, ticket.time, ticket.audience]),
    ).toEqual([
      ['Avondvoorstelling', 'woensdag 10-06-2026', '20:00 – 22:00', 'Volwassene'],
      ['Avondvoorstelling', 'woensdag 10-06-2026', '20:00 – 22:00', 'Volwassene'],
      ['Avondvoorstelling', 'woensdag 10-06-2026', '20:00 – 22:00', 'Kind'],
    ]);

    await test.deliverMail();
    const [mail] = mailer.sent;
    expect(mail!.subject).toBe(
      `Je tickets van Schouwburg (bestelling ${formatOrderReference(order!.reference)})`,
    );
    // The public reference, never the sequential id (decision 0104).
    expect(mail!.text).toContain(`Bestelling: ${formatOrderReference(order!.reference)}`);
    expect(mail!.text).toContain('Beste Ada Lovelace,');
    expect(mail!.attachments![0]).toMatchObject({
      filename: `tickets-${order!.reference}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = mail!.attachments![0]!.content as Buffer;
    // A page per ticket, then the receipt (decision 0149).
    expect(pdfPageCount(pdf)).toBe(4);
    // A QR code image per page (pdfkit may add a soft mask image for each).
    expect(pdf.toString('latin1').match(/\/Subtype \/Image\b/g)!.length).toBeGreaterThanOrEqual(3);
  });
});
