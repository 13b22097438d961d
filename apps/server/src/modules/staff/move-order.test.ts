/**
 * Moving a booking on the visitor's behalf at the box office (decision
 * 0247), through the real routes on a test-gateway shop that does not let
 * visitors rebook online: the same price moves at once with new tickets,
 * a cheaper time refunds the difference, a dearer one mails a link and
 * keeps the old booking until it is paid; fee charged or waived; who may.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createPlot } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  book,
  orderById,
  orderByHash,
  paidOrder,
  pay,
  rebookingShop,
  seatsTaken,
  slotProduct,
  START,
  type SlotProduct,
} from '../rebook/rebook-fixtures.ts';
import { staffLogin } from './staff-fixtures.ts';
import { addPlotAdmissions } from '../../engine/door/plot-tallies.ts';

describe('moving a booking for the visitor', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let boxOffice: Record<string, string>;
  let door: Record<string, string>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => START, mailer });
    ({ app, db } = test);
    // Visitors may not rebook online here: staff still may (decision 0247).
    organisationId = (await rebookingShop(db, { rebookingAllowed: false, name: 'Zoo Kassa' })).id;
    boxOffice = (await staffLogin(app, db, organisationId, 'Bo Office', 'box-office')).headers;
    door = (await staffLogin(app, db, organisationId, 'Dee Door', 'door')).headers;
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  const move = (number: string, body: Record<string, unknown>, headers = boxOffice, preview = false) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/orders/${encodeURIComponent(number)}/move${preview ? '/preview' : ''}`,
      headers,
      payload: body,
    });

  async function booked(shop?: SlotProduct) {
    const product = shop ?? (await slotProduct(db, organisationId));
    // 2 tickets at 10.00 + booking fee 0.95 = 20.95 paid; worth 20.00 against a new booking.
    const order = await paidOrder(app, db, product.product.id, product.plot.id, 2);
    expect(order.status).toBe('PAID');
    return { shop: product, order, number: formatOrderReference(order.reference) };
  }

  async function auditOf(orderId: number) {
    return db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.orderId, orderId), eq(s.auditLog.action, 'order.move')));
  }

  it('moves the tickets and those let in from the old slot’s no-show counts to the new one (decision 0271)', async () => {
    const { shop, order, number } = await booked();
    const [ticket] = await db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
    const [admission] = await db
      .insert(s.admissions)
      .values({ organisationId, ticketId: ticket!.id, day: '2026-01-01' })
      .returning({ id: s.admissions.id });
    // As the door's insertAdmission counts it.
    await addPlotAdmissions(db, 1, sql`a.id = ${admission!.id}`);
    const tally = async (plotId: number) =>
      (await db.select().from(s.plotTallies).where(eq(s.plotTallies.plotId, plotId)))[0] ?? null;
    expect(await tally(shop.plot.id)).toMatchObject({ tickets: 2, admitted: 1 });
    expect((await move(number, { plot: shop.same.id, fee: false })).statusCode).toBe(200);
    expect(await tally(shop.plot.id)).toMatchObject({ tickets: 0, admitted: 0 });
    expect(await tally(shop.same.id)).toMatchObject({ tickets: 2, admitted: 0 });
  });

  it('lists the times with their free places, and moves at the same price without the fee at once: new tickets mailed, seats moved, audited', async () => {
    const { shop, order, number } = await booked();
    const plots = await app.inject({
      method: 'GET',
      url: `/api/staff/orders/${encodeURIComponent(number)}/move/plots`,
      headers: boxOffice,
    });
    expect(plots.statusCode).toBe(200);
    expect(plots.json()).toMatchObject({ current: shop.plot.id, seats: 2 });
    const listed = plots.json().plots as { plot: number; free: number | null }[];
    expect(listed.find((plot) => plot.plot === shop.plot.id)!.free).toBe(8);
    expect(listed.find((plot) => plot.plot === shop.same.id)!.free).toBe(10);

    const preview = await move(number, { plot: shop.same.id, fee: false }, boxOffice, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      outcome: 'PREVIEW',
      price_cents: 2000,
      fee_cents: 0,
      credit_cents: 2000,
      to_pay_cents: 0,
      refund_cents: 0,
      new_order_number: null,
    });
    // A preview changes nothing.
    expect((await orderById(db, order.id)).status).toBe('PAID');

    const moved = await move(number, { plot: shop.same.id, fee: false });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ outcome: 'MOVED', to_pay_cents: 0, refund_cents: 0, refund: null });
    expect((await orderById(db, order.id)).status).toBe('REBOOKED');
    const [newOrder] = await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, order.id));
    expect(newOrder).toMatchObject({ status: 'PAID', totalCents: 0 });
    expect(moved.json().new_order_number).toBe(formatOrderReference(newOrder!.reference));
    expect(await seatsTaken(db, shop.plot.id, START)).toBe(0);
    expect(await seatsTaken(db, shop.same.id, START)).toBe(2);
    const tickets = await db.select().from(s.tickets).where(eq(s.tickets.orderId, newOrder!.id));
    expect(tickets).toHaveLength(2);

    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({
      before: { status: 'PAID', plot: { plotId: shop.plot.id } },
      after: { status: 'REBOOKED', plot: { plotId: shop.same.id }, newOrder: newOrder!.id, fee: false },
    });
    await test.deliverMail();
    // The visitor gets the new order's tickets (the tickets mail, its PDF attached).
    const address = (to: (typeof mailer.sent)[number]['to']) => (typeof to === 'string' ? to : to.address);
    const ticketsMail = mailer.sent.find(
      (mail) =>
        /ada@example\.test/i.test(address(mail.to)) &&
        mail.attachments?.some((file) => file.filename.endsWith('.pdf')) &&
        mail.text.includes(moved.json().new_order_number),
    );
    expect(ticketsMail).toBeDefined();

    // Moved once: a second move of the old order is refused.
    const again = await move(number, { plot: shop.cheaper.id, fee: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ORDER_NOT_MOVABLE',
      error_info: 'REBOOK_ALREADY_MOVED',
    });
  });

  it('a cheaper time with the fee: moved at once and the difference goes back to the payment', async () => {
    const { shop, order, number } = await booked();
    // New price 2 × 5.00 + rebooking fee 2.50 = 12.50 against a credit of 20.00: 7.50 back.
    const moved = await move(number, { plot: shop.cheaper.id, fee: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      outcome: 'MOVED',
      price_cents: 1250,
      fee_cents: 250,
      credit_cents: 2000,
      to_pay_cents: 0,
      refund_cents: 750,
      refund: { amount_cents: 750, method: 'original', status: 'succeeded' },
    });
    const refunds = await db.select().from(s.refunds).where(eq(s.refunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 750, status: 'succeeded', lines: [] });
    const [entry] = await auditOf(order.id);
    expect(entry).toMatchObject({ amountCents: 750, after: { fee: true, refundCents: 750 } });
  });

  it('a cheaper time: the refund gets a credit note on the old invoice, so the books stay exact (decisions 0242, 0249)', async () => {
    const { shop, order } = await booked();
    const number = formatOrderReference(order.reference);
    // New price 2 × 5.00 without the fee against a credit of 20.00: 10.00 back.
    const moved = await move(number, { plot: shop.cheaper.id, fee: false });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ outcome: 'MOVED', refund_cents: 1000 });
    const [newOrder] = await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, order.id));
    const ids = [order.id, newOrder!.id];
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const invoices = await db.select().from(s.invoices).where(inArray(s.invoices.orderId, ids));
    const notes = await db.select().from(s.creditNotes).where(inArray(s.creditNotes.orderId, ids));
    const payments = await db.select().from(s.payments).where(inArray(s.payments.orderId, ids));
    const refunds = await db.select().from(s.refunds).where(inArray(s.refunds.orderId, ids));
    expect(refunds.map((refund) => refund.amountCents)).toEqual([1000]);
    // The refund's credit note references the old invoice and the refund.
    const oldInvoice = invoices.find((row) => row.orderId === order.id)!;
    const refundNote = notes.find((note) => note.refundId === refunds[0]!.id);
    expect(refundNote).toMatchObject({ orderId: order.id, invoiceId: oldInvoice.id, grossCents: 1000 });
    // Never more than its invoice: the old invoice's credit notes are the two tickets, its fee stays.
    const oldNotes = notes.filter((note) => note.invoiceId === oldInvoice.id);
    expect(sum(oldNotes.map((note) => note.grossCents))).toBe(2000);
    expect(sum(oldNotes.map((note) => note.grossCents))).toBeLessThanOrEqual(oldInvoice.grossCents);
    const invoicedLessCredited =
      sum(invoices.map((row) => row.grossCents)) - sum(notes.map((row) => row.grossCents));
    const receivedLessRefunded =
      sum(payments.filter((row) => row.status === 'PAID').map((row) => row.amountCents)) -
      sum(refunds.map((row) => row.amountCents));
    expect(receivedLessRefunded).toBe(2095 - 1000);
    expect(invoicedLessCredited).toBe(receivedLessRefunded);
  });

  it('a dearer time: the visitor is mailed a link to pay the difference, and the booking moves only when it is paid', async () => {
    const { shop, order, number } = await booked();
    // 2 × 15.00 + 2.50 − 20.00 = 12.50 to pay.
    const moved = await move(number, { plot: shop.dearer.id, fee: true });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ outcome: 'AWAITING_PAYMENT', to_pay_cents: 1250, refund_cents: 0 });
    expect((await orderById(db, order.id)).status).toBe('PAID');
    const [pending] = await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, order.id));
    expect(pending).toMatchObject({ status: 'PENDING', totalCents: 1250 });
    // Held for the mailed link's days, beside the old places.
    expect(pending!.expiresAt!.getTime() - START.getTime()).toBe(72 * 3600_000);
    expect(await seatsTaken(db, shop.plot.id, START)).toBe(2);
    expect(await seatsTaken(db, shop.dearer.id, START)).toBe(2);

    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes('pay the difference'))!;
    expect(mail.text).toContain(`/checkout/return/${pending!.hash}`);
    expect(mail.text).toMatch(/€\s?12\.50/);

    // The visitor opens the link and pays: the old booking is moved then.
    const payment = await app.inject({ method: 'GET', url: `/api/payment/${pending!.hash}` });
    expect(payment.statusCode).toBe(200);
    await pay(app, payment.json().response.payment.hash);
    expect((await orderByHash(db, pending!.hash)).status).toBe('PAID');
    expect((await orderById(db, order.id)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.plot.id, START)).toBe(0);
  });

  it('a dearer time that starts sooner than the link lasts holds its places only until it starts', async () => {
    const { shop, order, number } = await booked();
    const soon = await createPlot(db, shop.product.id, {
      date: '2026-06-02',
      startTime: '10:00',
      endTime: '11:00',
      capacity: 10,
      priceKind: 'DAY',
      priceCents: 1500,
    });
    const moved = await move(number, { plot: soon.id, fee: false });
    expect(moved.json()).toMatchObject({ outcome: 'AWAITING_PAYMENT', to_pay_cents: 1000 });
    const [pending] = await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, order.id));
    const [organisation] = await db
      .select()
      .from(s.organisations)
      .where(eq(s.organisations.id, organisationId));
    expect(pending!.expiresAt!.getTime()).toBe(
      instantOfWallClock('2026-06-02', '10:00', organisation!.timeZone),
    );
  });

  it('door staff may not move; another product’s time and a full time are refused, nothing written', async () => {
    const { shop, order, number } = await booked();
    expect((await move(number, { plot: shop.same.id, fee: false }, door)).statusCode).toBe(403);
    const other = await slotProduct(db, organisationId);
    const foreign = await move(number, { plot: other.same.id, fee: false });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('PLOT_NOT_FOUND');
    await db.update(s.plots).set({ capacity: 1 }).where(eq(s.plots.id, shop.same.id));
    const full = await move(number, { plot: shop.same.id, fee: false });
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('NOT_ENOUGH_CAPACITY');
    expect((await orderById(db, order.id)).status).toBe('PAID');
    expect(await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, order.id))).toHaveLength(0);
    expect(await auditOf(order.id)).toHaveLength(0);
    // A reservation is changed by its visitor, not moved by staff.
    await book(app, shop.product.id, shop.plot.id, 1, 'reserve');
    const [reservation] = await db
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.organisationId, organisationId), eq(s.orders.status, 'RESERVED')))
      .orderBy(desc(s.orders.id))
      .limit(1);
    const refused = await move(formatOrderReference(reservation!.reference), {
      plot: shop.cheaper.id,
      fee: false,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'ORDER_NOT_MOVABLE', error_info: 'REBOOK_NOT_PAID' });
  });
});
