/**
 * Moving a booking on the visitor's behalf at the box office (decision
 * 0247), through the real routes on a test-gateway shop that does not let
 * visitors rebook online: the same price moves at once with new tickets,
 * a cheaper time refunds the difference, a dearer one mails a link and
 * keeps the old booking until it is paid; fee charged or waived; who may.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
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
        mail.attachments?.some((file) => file.filename.endsWith('.pdf')),
    );
    expect(ticketsMail?.text).toContain(moved.json().new_order_number);

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
  });
});
