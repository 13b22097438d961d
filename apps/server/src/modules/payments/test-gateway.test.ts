import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pdfPageCount, pressTestPage, type Show } from './payment-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');

describe('test gateway: hosted page, return status and tickets', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let show: Show;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    const organisation = await createOrganisation(db, { holdMinutes: 15, name: 'Theatre Kassa' });
    show = await datedShow(db, organisation.id, 50);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
  });

  const status = async (hash: string) => (await app.inject(`/api/orders/${hash}/status`)).json().response;
  const ticketCount = async (orderHash: string) => {
    const [row] = await db
      .select({ n: count() })
      .from(s.tickets)
      .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
      .where(eq(s.orders.hash, orderHash));
    return row!.n;
  };

  it('serves a test-mode page in the order language with the amount and three real POST buttons', async () => {
    const placed = await orderShow(app, show, 2, 1, { language: 'nl' });
    expect(placed.payment).toMatchObject({ gateway: 'test', type: 'REDIRECT' });
    const page = await app.inject(`/pay/test/${placed.payment!.hash}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('TESTMODUS');
    expect(page.body).toMatch(/€\s?37,00/);
    expect(page.body.match(/<form method="post" action="\/pay\/test\/[^"]+">/g)).toHaveLength(3);
    for (const action of ['pay', 'fail', 'cancel']) expect(page.body).toContain(`value="${action}"`);
  });

  it('Pay marks the order paid, writes one ticket per person and mails the PDF once, however often it is pressed', async () => {
    const placed = await orderShow(app, show, 2, 1);
    const paid = await pressTestPage(app, placed.payment!.hash, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/return/${placed.order.hash}`);

    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order).toMatchObject({ status: 'PAID', paidAt: START, expiresAt: null });
    const holds = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, order!.id));
    expect(holds.filter((hold) => hold.status === 'PAID')).toEqual([
      expect.objectContaining({ quantity: 3, expiresAt: null }),
    ]);
    const tickets = await db.select().from(s.tickets).where(eq(s.tickets.orderId, order!.id));
    expect(tickets).toHaveLength(3);
    expect(new Set(tickets.map((ticket) => ticket.secret)).size).toBe(3);
    for (const ticket of tickets)
      expect(Buffer.from(ticket.secret, 'base64url').length).toBeGreaterThanOrEqual(16);

    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail!.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.test' });
    expect(mail!.subject).toContain(`order ${formatOrderReference(order!.reference)}`);
    const pdf = mail!.attachments![0]!.content as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Three tickets, then the receipt (decision 0149).
    expect(pdfPageCount(pdf)).toBe(4);

    await pressTestPage(app, placed.payment!.hash, 'pay');
    expect(await ticketCount(placed.order.hash)).toBe(3);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);

    expect(await status(placed.order.hash)).toMatchObject({
      status: 'PAID',
      canPayAgain: false,
      ticketsUrl: `/api/orders/${placed.order.hash}/tickets.pdf`,
      order: {
        reference: order!.reference,
        total: 37,
        currency: 'EUR',
        items: [{ title: 'Evening show', date: '2026-06-10', time: '20:00 – 22:00', quantity: 3 }],
      },
    });
    const download = await app.inject(`/api/orders/${placed.order.hash}/tickets.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(download.rawPayload)).toBe(4);
  });

  it('Fail leaves the seats held and lets the visitor pay again with a new payment', async () => {
    const placed = await orderShow(app, show, 1);
    const failed = await pressTestPage(app, placed.payment!.hash, 'fail');
    expect(failed.headers.location).toBe(`/checkout/return/${placed.order.hash}`);
    expect(await status(placed.order.hash)).toMatchObject({
      status: 'FAILED',
      canPayAgain: true,
      ticketsUrl: null,
    });
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(0);

    const again = await app.inject(`/api/payment/${placed.order.hash}`);
    expect(again.statusCode).toBe(200);
    const payment = again.json().response.payment;
    expect(payment.hash).not.toBe(placed.payment!.hash);
    expect(payment).toMatchObject({
      gateway: 'test',
      type: 'REDIRECT',
      transaction: { response: { url: `/pay/test/${payment.hash}` } },
    });
    // Asking again before paying answers the same open payment, not a third one.
    expect((await app.inject(`/api/payment/${placed.order.hash}`)).json().response.payment.hash).toBe(
      payment.hash,
    );

    await pressTestPage(app, payment.hash, 'pay');
    expect((await status(placed.order.hash)).status).toBe('PAID');
    expect(await ticketCount(placed.order.hash)).toBe(1);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
  });

  it('Cancel shows cancelled; the page then says the payment is no longer open', async () => {
    const placed = await orderShow(app, show, 1);
    await pressTestPage(app, placed.payment!.hash, 'cancel');
    expect(await status(placed.order.hash)).toMatchObject({ status: 'CANCELLED', canPayAgain: true });
    const page = await app.inject(`/pay/test/${placed.payment!.hash}`);
    expect(page.body).not.toContain('value="pay"');
    expect(page.body).toContain(`href="/checkout/return/${placed.order.hash}"`);
  });

  it('an unpaid order is EXPIRED once its hold lapses, and cannot be paid again', async () => {
    const placed = await orderShow(app, show, 1);
    await pressTestPage(app, placed.payment!.hash, 'fail');
    clock = new Date(START.getTime() + 16 * 60_000);
    expect(await status(placed.order.hash)).toMatchObject({ status: 'EXPIRED', canPayAgain: false });
    const again = await app.inject(`/api/payment/${placed.order.hash}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ORDER_NOT_PAYABLE');
  });

  it('answers unknown hashes and unpaid tickets with stable codes', async () => {
    const page = await app.inject({ url: '/pay/test/nope', headers: { 'accept-language': 'de' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Dieser Zahlungslink ist nicht gültig.');
    for (const url of ['/api/orders/nope/status', '/api/payment/nope']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PAYMENT_NOT_FOUND');
    }
    const placed = await orderShow(app, show, 1);
    const tickets = await app.inject(`/api/orders/${placed.order.hash}/tickets.pdf`);
    expect(tickets.statusCode).toBe(409);
    expect(tickets.json().error.code).toBe('TICKETS_NOT_AVAILABLE');
    const bad = await app.inject({
      method: 'POST',
      url: `/pay/test/${placed.payment!.hash}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=steal',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('pays a reservation through GET /api/payment/{reservation hash}', async () => {
    const organisationId = show.product.organisationId;
    const product = await createProduct(db, organisationId, { allowReservations: true, priceCents: 900 });
    const plot = await createPlot(db, product.id, { capacity: 5 });
    const reserved = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'reserve',
        customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', fields: {} },
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 2 } }],
      },
    });
    const answer = reserved.json().response.orders[0];
    expect(answer.order.status).toBe('RESERVED');
    const handOff = await app.inject(`/api/payment/${answer.order.hash}`);
    expect(handOff.statusCode).toBe(200);
    const payment = handOff.json().response.payment;
    expect(payment).toMatchObject({ gateway: 'test', type: 'REDIRECT' });
    const [row] = await db.select().from(s.payments).where(eq(s.payments.hash, payment.hash));
    expect(row).toMatchObject({ amountCents: 1800, status: 'OPEN' });
    await pressTestPage(app, payment.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.id, row!.orderId));
    expect(order!.status).toBe('PAID');
    const holds = await db
      .select()
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.orderId, order!.id), eq(s.capacityHolds.status, 'PAID')));
    expect(holds).toHaveLength(1);
    await test.deliverMail();
    expect(mailer.sent.map((mail) => mail.to)).toEqual([
      { name: 'Grace Hopper', address: 'grace@example.test' },
    ]);
  });

  it('a free order is paid at once: tickets and their mail with no payment at all', async () => {
    const organisationId = show.product.organisationId;
    const product = await createProduct(db, organisationId, { priceCents: 0 });
    const plot = await createPlot(db, product.id, { capacity: 5 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: { first_name: 'Free', last_name: 'Visitor', email: 'free@example.test', fields: {} },
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 2 } }],
      },
    });
    const answer = response.json().response.orders[0];
    expect(answer).toMatchObject({ order: { status: 'PAID' }, payment: { transaction: false } });
    expect(await ticketCount(answer.order.hash)).toBe(2);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    expect((await status(answer.order.hash)).status).toBe('PAID');
  });
});
