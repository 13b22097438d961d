/**
 * A visitor cancelling tickets of their own paid order by the product's
 * cancellation policy (decisions 0258, 0259), through the real routes on a
 * test-gateway shop: the quote, the cancellation through the staff
 * machinery (seats back, door refuses, refund, credit note, mail, audit),
 * the refusals, the voucher choice and a double submit.
 */
import { and, eq, ne, sum } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createUpsell } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, orderShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { staffLogin } from '../staff/staff-fixtures.ts';
import { linkUpsell } from './order-fixtures.ts';

// The show is on 2026-06-10 at 20:00 in Amsterdam (18:00 UTC).
const ORDERED = new Date('2026-06-01T10:00:00Z');
/** 30 hours before: inside the 50 % tier. */
const TIER = new Date('2026-06-09T12:00:00Z');
/** 12 hours before: past the last tier. */
const TOO_LATE = new Date('2026-06-10T06:00:00Z');
const POLICY = {
  freeUntilHours: 48,
  tiers: [{ untilHours: 24, feePercent: 50 }],
  refundTo: 'choice' as const,
  voucherBonusPercent: 10,
};

describe("a visitor's own cancellation", () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let clock = ORDERED;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { holdMinutes: 15, name: 'Zoo Kassa' })).id;
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    clock = ORDERED;
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  async function paidOrder(policy: typeof POLICY | null = POLICY, adults = 2, extra = {}) {
    clock = ORDERED;
    const show = await datedShow(db, organisationId, 10, { cancellationPolicy: policy });
    const placed = await orderShow(app, show, adults, 0, extra);
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order!.status).toBe('PAID');
    const tickets = await db
      .select()
      .from(s.tickets)
      .where(eq(s.tickets.orderId, order!.id))
      .orderBy(s.tickets.createdAt, s.tickets.id);
    await test.deliverMail();
    const ticketsMail = mailer.sent.find((sent) =>
      sent.attachments?.some((file) => file.filename.startsWith('tickets-')),
    );
    mailer.sent.length = 0;
    return { show, hash: order!.hash, order: order!, tickets, ticketsMail };
  }

  const quote = (hash: string, query = '') =>
    app.inject({ method: 'GET', url: `/api/orders/${hash}/cancellation${query}` });
  const cancel = (hash: string, body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/orders/${hash}/cancel`, payload: body });

  async function seatsHeld(show: Show): Promise<number> {
    const [row] = await db
      .select({ seats: sum(s.capacityHolds.quantity) })
      .from(s.capacityHolds)
      .where(and(eq(s.capacityHolds.plotId, show.plot.id), ne(s.capacityHolds.status, 'RELEASED')));
    return Number(row?.seats ?? 0);
  }

  it('quotes the whole order in the free period: every ticket listed, all of it back, both ways offered', async () => {
    const paid = await paidOrder();
    const response = await quote(paid.hash);
    expect(response.statusCode).toBe(200);
    const answer = response.json().response;
    expect(answer.tickets).toHaveLength(2);
    expect(answer.tickets[0]).toMatchObject({
      title: 'Evening show, Adult',
      date: '2026-06-10',
      time: '20:00',
      state: 'VALID',
    });
    expect(answer.policy).toMatchObject({
      free_until_hours: 48,
      refund_to: 'choice',
      voucher_bonus_percent: 10,
    });
    expect(answer.refusal).toBeNull();
    expect(answer.quote).toMatchObject({
      share: 30,
      fee_percent: 0,
      fee: 0,
      refund: 30,
      methods: ['original', 'voucher'],
      voucher_value: 33,
      terms_end_at: '2026-06-08T18:00:00.000Z',
    });
    expect(answer.quote.tickets).toHaveLength(2);
  });

  it('cancels 1 of 2 tickets to the payment: seat back, ticket refused at the door, refund, credit note mailed, audit by the visitor', async () => {
    const paid = await paidOrder();
    const heldBefore = await seatsHeld(paid.show);
    const ticket = paid.tickets[0]!;
    const preview = (await quote(paid.hash, `?tickets=${ticket.id}`)).json().response;
    expect(preview.quote).toMatchObject({ refund: 15, fee: 0, tickets: [ticket.id] });

    const response = await cancel(paid.hash, { tickets: [ticket.id], refund: 'original' });
    expect(response.statusCode).toBe(200);
    expect(response.json().response).toMatchObject({
      status: 'PAID',
      cancelled: { tickets: [ticket.id], refund: 15, fee: 0, method: 'original', refund_status: 'succeeded' },
    });
    expect(await seatsHeld(paid.show)).toBe(heldBefore - 1);
    const [refund] = await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
    expect(refund).toMatchObject({
      amountCents: 1500,
      method: 'original',
      actor: 'visitor',
      staffUserId: null,
    });
    const [audit] = await db.select().from(s.auditLog).where(eq(s.auditLog.orderId, paid.order.id));
    expect(audit).toMatchObject({ action: 'order.cancel_items', amountCents: 1500 });
    expect(JSON.stringify(audit)).toContain('visitor');
    const notes = await db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, paid.order.id));
    expect(notes.map((note) => note.grossCents)).toEqual([1500]);

    // The door refuses the cancelled ticket; the other one still lets in.
    clock = new Date('2026-06-10T18:15:00Z');
    const door = (await staffLogin(app, db, organisationId, 'Dee Door', 'door')).headers;
    const scan = (code: string) =>
      app.inject({ method: 'POST', url: '/api/staff/scans', headers: door, payload: { code } });
    expect((await scan(ticket.secret)).json()).toMatchObject({ result: 'CANCELLED' });
    expect((await scan(paid.tickets[1]!.secret)).json()).toMatchObject({ result: 'VALID' });

    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes('cancelled'));
    expect(mail?.text).toContain('€15.00 is refunded');
    expect(mail?.attachments?.map((attachment) => attachment.filename)).toEqual([`${notes[0]!.number}.pdf`]);
    // The quote lists the cancelled ticket and the one let in as such.
    const after = (await quote(paid.hash)).json().response;
    expect(after.tickets.map((entry: { state: string }) => entry.state).sort()).toEqual([
      'ADMITTED',
      'CANCELLED',
    ]);
  });

  it('inside a fee tier: half of the share is kept, the voucher gets the bonus on what comes back', async () => {
    const paid = await paidOrder();
    clock = TIER;
    const answer = (await quote(paid.hash)).json().response;
    expect(answer.quote).toMatchObject({
      share: 30,
      fee_percent: 50,
      fee: 15,
      refund: 15,
      voucher_value: 16.5,
    });
    const response = await cancel(paid.hash, {
      tickets: paid.tickets.map((ticket) => ticket.id),
      refund: 'voucher',
    });
    expect(response.statusCode).toBe(200);
    const result = response.json().response;
    expect(result).toMatchObject({
      status: 'CANCELLED',
      cancelled: { refund: 15, fee: 15, method: 'voucher', voucher_value: 16.5 },
    });
    const [voucher] = await db
      .select()
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.code, result.cancelled.voucher_code));
    expect(voucher).toMatchObject({ initialCents: 1650, balanceCents: 1650 });
    const [refund] = await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
    expect(refund).toMatchObject({ amountCents: 1500, method: 'voucher' });
    // The credit note takes back what came back, not the fee kept.
    const notes = await db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, paid.order.id));
    expect(notes.map((note) => note.grossCents)).toEqual([1500]);
    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes('cancelled'));
    expect(mail?.text).toContain('€16.50');
    expect(mail?.text).toContain('cancellation fee of €15.00');
  });

  it('an amount in the request is refused, never used', async () => {
    const paid = await paidOrder();
    const response = await cancel(paid.hash, {
      tickets: [paid.tickets[0]!.id],
      refund: 'original',
      amount: 30,
    });
    expect(response.statusCode).toBe(400);
    expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id))).toHaveLength(0);
  });

  it('past the last tier: told why, and cancelling is refused with nothing written', async () => {
    const paid = await paidOrder();
    clock = TOO_LATE;
    const answer = (await quote(paid.hash)).json().response;
    expect(answer.quote).toBeNull();
    expect(answer.refusal).toMatchObject({ code: 'SELF_CANCEL_OUTSIDE_POLICY' });
    const response = await cancel(paid.hash, { tickets: [paid.tickets[0]!.id], refund: 'original' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('SELF_CANCEL_OUTSIDE_POLICY');
    expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id))).toHaveLength(0);
    clock = new Date('2026-06-10T18:30:00Z');
    expect((await quote(paid.hash)).json().response.refusal.code).toBe('SELF_CANCEL_VISIT_STARTED');
  });

  it('the tickets mail links to the order page with the cancel panel open while the policy allows it', async () => {
    const paid = await paidOrder();
    expect(paid.ticketsMail?.text).toContain(`/checkout/return/${paid.hash}?cancel=1&lang=en`);
    expect(paid.ticketsMail?.text).toContain('Cancel tickets here');
    const without = await paidOrder(null);
    expect(without.ticketsMail?.text).toBeDefined();
    expect(without.ticketsMail?.text).not.toContain('?cancel=1');
  });

  it('a product without a policy: told so, refused', async () => {
    const paid = await paidOrder(null);
    expect((await quote(paid.hash)).json().response).toMatchObject({
      policy: null,
      quote: null,
      refusal: { code: 'SELF_CANCEL_NO_POLICY' },
    });
    const response = await cancel(paid.hash, { tickets: [paid.tickets[0]!.id], refund: 'original' });
    expect(response.json()).toMatchObject({ ok: false, error: { code: 'SELF_CANCEL_NO_POLICY' } });
  });

  it('a ticket let in cannot be cancelled; an unpaid order is not cancelled this way', async () => {
    const paid = await paidOrder();
    clock = new Date('2026-06-08T10:00:00Z');
    await db
      .insert(s.admissions)
      .values({ organisationId, ticketId: paid.tickets[0]!.id, day: '2026-06-08' });
    const answer = (await quote(paid.hash, `?tickets=${paid.tickets[0]!.id}`)).json().response;
    expect(answer.refusal).toMatchObject({ code: 'CANCEL_TICKET_ADMITTED' });
    expect(answer.tickets[0].state).toBe('ADMITTED');
    // Without a choice the quote covers what is left: the other ticket.
    expect((await quote(paid.hash)).json().response.quote.tickets).toEqual([paid.tickets[1]!.id]);

    const show = await datedShow(db, organisationId, 10, { cancellationPolicy: POLICY });
    const placed = await orderShow(app, show, 1);
    expect((await quote(placed.order.hash)).json().response.refusal.code).toBe('SELF_CANCEL_NOT_PAID');
    const refused = await cancel(placed.order.hash, { lines: [{ id: 1 }], refund: 'original' });
    expect(refused.json().error.code).toBe('SELF_CANCEL_NOT_PAID');
  });

  it('the policy decides where the money goes: a choice is needed when it offers two, and only what it offers', async () => {
    const paid = await paidOrder();
    const ticket = paid.tickets[0]!.id;
    expect((await cancel(paid.hash, { tickets: [ticket] })).json().error.code).toBe(
      'SELF_CANCEL_METHOD_NEEDED',
    );
    const original = await paidOrder({ ...POLICY, refundTo: 'original' as never, voucherBonusPercent: 0 });
    const refused = await cancel(original.hash, { tickets: [original.tickets[0]!.id], refund: 'voucher' });
    expect(refused.json().error.code).toBe('SELF_CANCEL_METHOD_NOT_OFFERED');
    const fine = await cancel(original.hash, { tickets: [original.tickets[0]!.id] });
    expect(fine.json().response.cancelled).toMatchObject({ method: 'original', refund: 15 });
  });

  it('a double submit cancels and refunds once; the second answers the ticket is cancelled already', async () => {
    const paid = await paidOrder();
    const body = { tickets: [paid.tickets[0]!.id], refund: 'original' };
    const [first, second] = await Promise.all([cancel(paid.hash, body), cancel(paid.hash, body)]);
    const codes = [first, second].map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = [first, second].find((response) => response.statusCode === 409)!;
    expect(refused.json().error.code).toBe('CANCEL_ITEM_ALREADY_CANCELLED');
    expect(await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id))).toHaveLength(1);
  });

  it('an extra is cancelled by its line, on the visit its tickets are for', async () => {
    const show = await datedShow(db, organisationId, 10, { cancellationPolicy: POLICY });
    const upsell = await createUpsell(db, organisationId, { priceCents: 500, title: { en: 'Programme' } });
    await linkUpsell(db, show.product.id, upsell.id);
    const placed = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer,
        orders: [
          {
            product: { id: show.product.id, plot: show.plot.id },
            audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
            upsells: { [upsell.id]: { id: upsell.id, quantity: 2 } },
          },
        ],
      },
    });
    const hash = placed.json().response.orders[0].order.hash as string;
    await pressTestPage(app, placed.json().response.orders[0].payment.hash, 'pay');
    clock = TIER;
    const answer = (await quote(hash)).json().response;
    expect(answer.extras).toEqual([{ line_id: expect.any(Number), title: 'Programme', quantity_left: 2 }]);
    const line = answer.extras[0].line_id as number;
    // 15.00 + 2 × 5.00 = 25.00; one programme is worth 5.00, half kept in this tier.
    const one = (await quote(hash, `?lines=${line}:1`)).json().response.quote;
    expect(one).toMatchObject({
      share: 5,
      fee: 2.5,
      refund: 2.5,
      lines: [{ id: line, quantity: 1 }],
      tickets: [],
    });
    const done = await cancel(hash, { lines: [{ id: line, quantity: 1 }], refund: 'voucher' });
    expect(done.json().response).toMatchObject({
      status: 'PAID',
      cancelled: { refund: 2.5, voucher_value: 2.75 },
    });
    expect((await quote(hash)).json().response.extras[0].quantity_left).toBe(1);
  });

  it('refuses a voucher order and a badly written choice', async () => {
    const paid = await paidOrder();
    expect((await quote(paid.hash, '?tickets=nope')).statusCode).toBe(400);
    expect((await quote(paid.hash, '?lines=1:0')).json().error.code).toBe('SELF_CANCEL_BAD_CHOICE');
    expect((await quote('no-such-hash')).statusCode).toBe(404);
    await db.update(s.orders).set({ kind: 'VOUCHER' }).where(eq(s.orders.id, paid.order.id));
    expect((await quote(paid.hash)).json().response.refusal.code).toBe('SELF_CANCEL_ORDER_KIND');
  });

  it('without a body the call still gives up an unpaid order (decision 0146)', async () => {
    const show = await datedShow(db, organisationId, 10, { cancellationPolicy: POLICY });
    const placed = await orderShow(app, show, 1);
    const response = await app.inject({ method: 'POST', url: `/api/orders/${placed.order.hash}/cancel` });
    expect(response.json()).toMatchObject({ ok: true, response: { status: 'EXPIRED' } });
  });
});
