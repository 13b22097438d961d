/**
 * Cancelling part or all of a paid order at the box office (decisions
 * 0235–0237), through the real routes on a test-gateway shop: what comes
 * back, the seats, the door, the audit log, the visitor's mail, who may.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq, ne, sum } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { onItemsCancelled, type ItemsCancelledEvent } from '../../engine/refunds/listeners.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createAddition } from '../orders/order-fixtures.ts';
import {
  createCoupon,
  createOrganisation,
  createSubscription,
  createVoucher,
  createVoucherValue,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { staffLogin } from './staff-fixtures.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

describe('cancelling tickets and lines of a paid order', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let show: Show;
  let boxOffice: Record<string, string>;
  let manager: Record<string, string>;
  let door: Record<string, string>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => NOW, mailer });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { holdMinutes: 15, name: 'Zoo Kassa' })).id;
    show = await datedShow(db, organisationId, 10);
    // A 10% coupon and a 1.50 fee: the refunds share both out (decision 0235).
    await createCoupon(db, organisationId, { code: 'TENOFF', kind: 'PERCENTAGE', value: 1000 });
    await createAddition(db, organisationId, { amountCents: 150 });
    boxOffice = (await staffLogin(app, db, organisationId, 'Bo Office', 'box-office')).headers;
    manager = (await staffLogin(app, db, organisationId, 'Mia Manager', 'manager')).headers;
    door = (await staffLogin(app, db, organisationId, 'Dee Door', 'door')).headers;
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  /** A paid order of 2 adults and 1 child with the coupon: 37.00 − 3.70 + 1.50 = 34.80. */
  async function paidOrder(language = 'en') {
    show = await datedShow(db, organisationId, 10);
    const placed = await orderShow(app, show, 2, 1, { coupon: ['TENOFF'], language });
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order).toMatchObject({ status: 'PAID', totalCents: 3480 });
    const lines = await db
      .select()
      .from(s.orderLines)
      .where(and(eq(s.orderLines.orderId, order!.id), eq(s.orderLines.kind, 'PRODUCT')))
      .orderBy(s.orderLines.id);
    const tickets = await db
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.orderId, order!.id))
      .orderBy(s.tickets.createdAt, s.tickets.id);
    const adult = lines.find((line) => line.audienceId === show.adult.id)!;
    const child = lines.find((line) => line.audienceId === show.child.id)!;
    return {
      order: order!,
      number: formatOrderReference(order!.reference),
      adult,
      child,
      adultTickets: tickets.filter((ticket) => ticket.orderLineId === adult.id),
      childTickets: tickets.filter((ticket) => ticket.orderLineId === child.id),
      tickets,
    };
  }

  const cancel = (number: string, body: Record<string, unknown>, headers = boxOffice, preview = false) =>
    app.inject({
      method: 'POST',
      url: `/api/staff/orders/${encodeURIComponent(number)}/cancel${preview ? '/preview' : ''}`,
      headers,
      payload: body,
    });

  async function seatsHeld(): Promise<number> {
    const [row] = await db
      .select({ seats: sum(s.capacityHolds.quantity) })
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.plotId, show.plot.id), ne(s.capacityHolds.status, 'RELEASED')));
    return Number(row?.seats ?? 0);
  }

  it('previews, then cancels one adult ticket: its share comes back to the payment, its seat is free, the order stays paid', async () => {
    const paid = await paidOrder('nl');
    const heldBefore = await seatsHeld();
    const body = { tickets: [paid.adultTickets[0]!.id], refund: 'original', reason: 'Ill' };
    const preview = await cancel(paid.number, body, boxOffice, true);
    expect(preview.statusCode).toBe(200);
    // 3480 by gross 3000 : 700 → 2822 : 658; the adult line's two units 1411 each.
    expect(preview.json()).toMatchObject({
      order_number: paid.number,
      order_status: 'PAID',
      amount_cents: 1411,
      share_cents: 1411,
      paid_cents: 3480,
      refunded_before_cents: 0,
      refund: null,
      lines: [{ order_line_id: paid.adult.id, quantity: 1, amount_cents: 1411 }],
    });
    // The preview wrote nothing.
    expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id))).toHaveLength(0);
    expect(await seatsHeld()).toBe(heldBefore);

    const response = await cancel(paid.number, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ order_status: 'PAID', amount_cents: 1411, method: 'original' });
    expect(answer.refund).toMatchObject({
      status: 'succeeded',
      gateway: 'test',
      amount_cents: 1411,
      reason: 'Ill',
      provider_ref: expect.stringMatching(/^test-refund-/),
    });
    expect(await seatsHeld()).toBe(heldBefore - 1);
    const [ticket] = await db.select().from(s.tickets).where(eq(s.tickets.id, paid.adultTickets[0]!.id));
    expect(ticket!.cancelledAt).not.toBeNull();
    const [line] = await db.select().from(s.orderLines).where(eq(s.orderLines.id, paid.adult.id));
    expect(line!.cancelledQuantity).toBe(1);

    // The audit log says who, what and how much.
    const entries = await db.select().from(s.auditLog).where(eq(s.auditLog.orderId, paid.order.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'order.cancel_items',
      amountCents: 1411,
      before: { status: 'PAID', lines: [{ id: paid.adult.id, cancelled: 0 }] },
      after: {
        status: 'PAID',
        lines: [{ id: paid.adult.id, cancelled: 1 }],
        refund: 'original',
        reason: 'Ill',
      },
    });
    expect(entries[0]!.actor).toMatch(/@example\.test$/);

    // The visitor is mailed in the order's language: what was cancelled and what comes back.
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes('geannuleerd'))!;
    expect(mail.subject).toBe(`Een deel van je bestelling ${paid.number} is geannuleerd`);
    expect(mail.text).toContain('1 × Avondvoorstelling, Volwassene');
    expect(mail.text).toMatch(/€\s?14,11 wordt terugbetaald/);

    // The door refuses the cancelled ticket; the other adult still gets in.
    const scan = await app.inject({
      method: 'POST',
      url: '/api/staff/scans',
      headers: door,
      payload: { code: ticket!.secret },
    });
    expect(scan.json().result).toBe('CANCELLED');

    // The order page shows the cancelled ticket, what is left of its line and the refund.
    const page = await app.inject({
      method: 'GET',
      url: `/api/staff/orders/${encodeURIComponent(paid.number)}`,
      headers: boxOffice,
    });
    expect(page.statusCode).toBe(200);
    const detail = page.json();
    const states = detail.tickets.map((t: { id: string; state: string }) => [t.id, t.state]);
    expect(states).toContainEqual([paid.adultTickets[0]!.id, 'CANCELLED']);
    expect(states).toContainEqual([paid.adultTickets[1]!.id, 'NOT_ADMITTED']);
    expect(detail.lines.find((l: { id: number }) => l.id === paid.adult.id).cancelled_quantity).toBe(1);
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({ method: 'original', amount_cents: 1411 });

    // Cancelling it again is refused with a stable code, and nothing more comes back.
    const again = await cancel(paid.number, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CANCEL_ITEM_ALREADY_CANCELLED');
  });

  it('cancelling the rest gives back exactly what was paid and cancels the order', async () => {
    const paid = await paidOrder();
    const first = await cancel(paid.number, { tickets: [paid.childTickets[0]!.id], refund: 'original' });
    expect(first.json().amount_cents).toBe(658);
    const rest = await cancel(paid.number, { lines: [{ id: paid.adult.id }], refund: 'original' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({
      order_status: 'CANCELLED',
      amount_cents: 2822,
      refunded_before_cents: 658,
    });
    const refunds = await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
    expect(refunds.reduce((total, refund) => total + refund.amountCents, 0)).toBe(paid.order.totalCents);
    const [order] = await db.select().from(s.orders).where(eq(s.orders.id, paid.order.id));
    expect(order!.status).toBe('CANCELLED');
    const holds = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, paid.order.id));
    expect(holds.every((hold) => hold.status === 'RELEASED')).toBe(true);
    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.orderId, paid.order.id), eq(s.auditLog.action, 'order.cancel')));
    expect(audit).toMatchObject({ amountCents: 2822, after: { status: 'CANCELLED' } });
    // Each cancellation issued a credit note against the order's invoice (wired in src/wiring/).
    const [invoice] = await db.select().from(s.invoices).where(eq(s.invoices.orderId, paid.order.id));
    const notes = await db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, paid.order.id));
    expect(notes.map((note) => [note.invoiceId, note.refundId])).toEqual(
      refunds.map((refund) => [invoice!.id, refund.id]),
    );
    expect(notes.map((note) => note.grossCents)).toEqual(refunds.map((refund) => refund.amountCents));
    const again = await cancel(paid.number, { lines: [{ id: paid.adult.id }], refund: 'original' });
    expect(again.json().error.code).toBe('ORDER_ALREADY_CANCELLED');
  });

  it('refuses a ticket that was let in, and the line cannot take it either', async () => {
    const paid = await paidOrder();
    // Let the first adult in (on the show's day).
    await db.insert(s.admissions).values({
      organisationId,
      ticketId: paid.adultTickets[0]!.id,
      day: '2026-06-10',
    });
    const byTicket = await cancel(paid.number, { tickets: [paid.adultTickets[0]!.id], refund: 'original' });
    expect(byTicket.statusCode).toBe(409);
    expect(byTicket.json().error.code).toBe('CANCEL_TICKET_ADMITTED');
    const byLine = await cancel(paid.number, {
      lines: [{ id: paid.adult.id, quantity: 2 }],
      refund: 'original',
    });
    expect(byLine.json().error.code).toBe('CANCEL_TICKET_ADMITTED');
    const tooMany = await cancel(paid.number, {
      lines: [{ id: paid.adult.id, quantity: 3 }],
      refund: 'original',
    });
    expect(tooMany.json().error.code).toBe('CANCEL_QUANTITY_TOO_LARGE');
    // One unit of the line: the ticket not let in is the one cancelled.
    const one = await cancel(paid.number, {
      lines: [{ id: paid.adult.id, quantity: 1 }],
      refund: 'original',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().lines[0].ticket_ids).toEqual([paid.adultTickets[1]!.id]);
  });

  it('a gift voucher instead: its code is worth the amount and is mailed', async () => {
    const paid = await paidOrder('de');
    const response = await cancel(paid.number, { tickets: [paid.childTickets[0]!.id], refund: 'voucher' });
    expect(response.statusCode).toBe(200);
    const refund = response.json().refund;
    expect(refund).toMatchObject({ method: 'voucher', status: 'succeeded', amount_cents: 658 });
    const [voucher] = await db
      .select()
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.code, refund.voucher_code));
    expect(voucher).toMatchObject({ organisationId, initialCents: 658, balanceCents: 658 });
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.text.includes(refund.voucher_code))!;
    expect(mail.subject).toContain('storniert');
    expect(mail.text).toContain('Gutschein');
  });

  it('no refund at all is for managers only; it cancels and gives back nothing', async () => {
    const paid = await paidOrder();
    const body = { tickets: [paid.childTickets[0]!.id], refund: 'none' };
    const refused = await cancel(paid.number, body, boxOffice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('REFUND_METHOD_FORBIDDEN');
    const done = await cancel(paid.number, body, manager);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ amount_cents: 0, share_cents: 658, refund: { status: 'succeeded' } });
    // The units' share is used up: the rest still adds up to no more than was paid.
    const rest = await cancel(paid.number, { lines: [{ id: paid.adult.id }], refund: 'original' }, manager);
    expect(rest.json()).toMatchObject({ amount_cents: 2822, order_status: 'CANCELLED' });
  });

  it('voucher and subscription orders are refused with ORDER_NOT_CANCELLABLE: nothing cancelled, nothing refunded (decision 0236)', async () => {
    // Their codes and passes would need taking back, which the cancellation does not do.
    const voucher = await createVoucher(db, organisationId);
    const value = await createVoucherValue(db, voucher.id);
    const subscription = await createSubscription(db, organisationId);
    const placements = [
      {
        url: '/api/vouchers',
        payload: {
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} },
          voucher: { id: voucher.id, quantity: 1 },
          values: [{ id: value.id, quantity: 1 }],
        },
      },
      {
        url: '/api/subscriptions',
        payload: {
          customer: {
            first_name: 'Ada',
            last_name: 'Lovelace',
            email: `ada.${Date.now()}@example.test`,
            fields: {},
            password: 'secret-enough',
          },
          subscription: { id: subscription.id, quantity: 1 },
        },
      },
    ];
    for (const placement of placements) {
      const placed = await app.inject({ method: 'POST', ...placement });
      expect(placed.statusCode, placed.body).toBe(200);
      const answer = placed.json().response;
      await pressTestPage(app, answer.payment.hash, 'pay');
      const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
      expect(order!.status).toBe('PAID');
      const [line] = await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, order!.id));
      const number = formatOrderReference(order!.reference);
      for (const preview of [true, false]) {
        const refused = await cancel(
          number,
          { lines: [{ id: line!.id }], refund: 'original' },
          manager,
          preview,
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({ code: 'ORDER_NOT_CANCELLABLE', error_info: 'PAID' });
      }
      expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, order!.id))).toHaveLength(0);
      expect((await db.select().from(s.orders).where(eq(s.orders.id, order!.id)))[0]!.status).toBe('PAID');
    }
  });

  it('door staff may not cancel; unknown numbers and foreign tickets are refused', async () => {
    const paid = await paidOrder();
    const denied = await cancel(
      paid.number,
      { tickets: [paid.childTickets[0]!.id], refund: 'original' },
      door,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('STAFF_FORBIDDEN');
    const unknown = await cancel('1234 5678 901', {
      tickets: [paid.childTickets[0]!.id],
      refund: 'original',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ORDER_NOT_FOUND');
    const other = await paidOrder();
    const foreign = await cancel(paid.number, { tickets: [other.childTickets[0]!.id], refund: 'original' });
    expect(foreign.json().error.code).toBe('CANCEL_UNKNOWN_ITEM');
    const nothing = await cancel(paid.number, { refund: 'original' });
    expect(nothing.json().error.code).toBe('CANCEL_NOTHING_CHOSEN');
    // The number as typed without spaces works too.
    const plain = await cancel(
      paid.order.reference,
      { tickets: [paid.childTickets[0]!.id], refund: 'original' },
      boxOffice,
      true,
    );
    expect(plain.statusCode).toBe(200);
  });

  it('tells the registered listeners inside the transaction; a listener that throws undoes the cancellation', async () => {
    const paid = await paidOrder();
    const seen: ItemsCancelledEvent[] = [];
    const off = onItemsCancelled(async (tx, event) => {
      // Inside the transaction: the refund row is there.
      const [row] = await tx.select().from(s.refunds).where(eq(s.refunds.id, event.refundId!));
      expect(row).toBeDefined();
      seen.push(event);
    });
    await cancel(paid.number, { tickets: [paid.childTickets[0]!.id], refund: 'original' });
    off();
    expect(seen).toEqual([
      {
        organisationId,
        orderId: paid.order.id,
        refundId: expect.any(Number),
        lines: [{ orderLineId: paid.child.id, quantity: 1, grossCents: 658 }],
        issuedAt: NOW,
      },
    ]);
    const offThrowing = onItemsCancelled(async () => {
      throw new Error('credit note failed');
    });
    const failed = await cancel(paid.number, { tickets: [paid.adultTickets[0]!.id], refund: 'original' });
    offThrowing();
    expect(failed.statusCode).toBe(500);
    const [ticket] = await db.select().from(s.tickets).where(eq(s.tickets.id, paid.adultTickets[0]!.id));
    expect(ticket!.cancelledAt).toBeNull();
    expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id))).toHaveLength(1);
  });
});
