/**
 * A reservation can be seen, edited and paid (GET/PATCH
 * /api/reservation/{hash}) and its mail is sent (docs/storefront.md §2.17,
 * decision 0130).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createCoupon, createIssuedVoucher } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { createAddition } from '../orders/order-fixtures.ts';
import { datedShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { guest, reservableShop, reserve, reservedHash } from './reservation-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('reservations: page, edit, coupons, pay later and mails', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let show: Show;
  let organisationId: number;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    organisationId = (await reservableShop(db, { rebookingAllowed: true })).organisation.id;
    await createAddition(db, organisationId, { name: { en: 'Booking fee' }, amountCents: 150, type: 0 });
    await createAddition(db, organisationId, { name: { en: 'Rebooking fee' }, amountCents: 500, type: 1 });
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    clock = START;
    await test.deliverMail();
    mailer.sent.length = 0;
    // Each test starts with a show of its own, and no reservation of an earlier one counts for its e-mail.
    await db.update(s.orders).set({ status: 'CANCELLED' }).where(eq(s.orders.status, 'RESERVED'));
    show = await datedShow(db, organisationId, 20, { allowReservations: true });
  });

  const get = (hash: string, language = 'en') =>
    app.inject({ url: `/api/reservation/${hash}`, headers: { 'accept-language': language } });
  const patch = (hash: string, customer: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/reservation/${hash}`, payload: { customer } });
  const addCode = (hash: string, code: string) =>
    app.inject({ method: 'POST', url: `/api/reservation/${hash}/coupon`, payload: { code } });
  const removeCode = (hash: string, code: string) =>
    app.inject({ method: 'DELETE', url: `/api/reservation/${hash}/coupon/${encodeURIComponent(code)}` });
  const orderOf = async (hash: string) => {
    const [row] = await db
      .select({ order: s.orders })
      .from(s.reservations)
      .innerJoin(s.orders, eq(s.orders.id, s.reservations.orderId))
      .where(eq(s.reservations.hash, hash));
    return row!.order;
  };

  it('answers the reservation in the docs/storefront.md §3.18 shape with the server totals (type 1 additions left out)', async () => {
    const hash = await reservedHash(app, show, 2, 1);
    const response = await get(hash, 'nl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const reservation = response.json().response;
    const order = await orderOf(hash);
    expect(reservation).toMatchObject({
      // The numeric id (docs/storefront.md §3.18) is the public reference's digits, never the internal id (decision 0104).
      reservation: { id: Number(order.reference), customer: { email: 'grace@example.test' } },
      hash,
      order_hash: order.hash,
      status: 'RESERVED',
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.test', company: null },
      additional_reservations: [],
      expiration_date: new Date(START.getTime() + 7 * DAY).toISOString(),
      hold_days: 7,
      allow_changes: true,
      rebooking_secret: expect.any(String),
      coupons: [],
      currency: 'EUR',
      product: {
        id: show.product.id,
        title: 'Avondvoorstelling',
        quantity: 3,
        price: 37,
        discount: 0,
        plot: { id: show.plot.id, date: '2026-06-10', time: { start: '20:00', end: '22:00' } },
        audiences: [
          { id: show.adult.id, name: 'Volwassene', quantity: 2, price: 15 },
          { id: show.child.id, name: 'Kind', quantity: 1, price: 7 },
        ],
        types: { price: 'AUDIENCE' },
      },
      upsells: [],
      prices: { subtotal: 37, discount: 0, additions: [{ name: 'Booking fee', amount: 1.5 }], total: 38.5 },
    });
    expect(Buffer.from(reservation.rebooking_secret, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('answers 404 RESERVATION_NOT_FOUND for an unknown hash, and for an order hash', async () => {
    const hash = await reservedHash(app, show, 1);
    for (const unknown of ['nope', (await orderOf(hash)).hash]) {
      const response = await get(unknown);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('RESERVATION_NOT_FOUND');
    }
  });

  it('mails a confirmation with the reservation link on reserving, through the outbox', async () => {
    const hash = await reservedHash(app, show, 1);
    const [job] = await db
      .select()
      .from(s.mailJobs)
      .where(eq(s.mailJobs.dedupeKey, `reservation-confirmed:${(await orderOf(hash)).id}`));
    expect(job).toMatchObject({ kind: 'RESERVATION_CONFIRMED', status: 'PENDING' });
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail!.to).toEqual({ name: 'Grace Hopper', address: 'grace@example.test' });
    expect(mail!.subject).toContain('Your reservation at Theatre Kassa');
    expect(mail!.text).toContain(`/reservation/${hash}`);
    // The shop's date format (DD-MM-YYYY here), never ISO or US month-first (decision 0140).
    expect(mail!.text).toContain('Evening show, Wednesday 10-06-2026, 20:00 – 22:00');
    expect(mail!.text).toContain('1 × Adult: €15.00');
    expect(mail!.text).toMatch(/Held until Monday 08-06-2026, \d\d:\d\d/);
    expect(mail!.text).not.toMatch(/June|2026-06-10/);
  });

  it('edits the customer with the order form rules and reloads', async () => {
    const hash = await reservedHash(app, show, 1);
    const bad = await patch(hash, {
      first_name: '  ',
      last_name: 'Hopper',
      email: 'not-an-email',
      fields: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(bad.json().error.error_info).toContain('first_name');
    expect(bad.json().error.error_info).toContain('email');
    expect((await orderOf(hash)).customer.first_name).toBe('Grace');

    const good = await patch(hash, {
      first_name: ' Grace ',
      last_name: 'Murray Hopper',
      email: 'grace.hopper@example.test',
      company: null,
      vat_id: null,
      fields: {},
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().response.customer).toMatchObject({
      first_name: 'Grace',
      last_name: 'Murray Hopper',
      email: 'grace.hopper@example.test',
    });
    expect((await orderOf(hash)).customer.last_name).toBe('Murray Hopper');
  });

  it('refuses edits and codes once the reservation is paid, and once it has expired', async () => {
    const paid = await reservedHash(app, show, 1);
    const handOff = (await app.inject(`/api/payment/${paid}`)).json().response.payment;
    await pressTestPage(app, handOff.hash, 'pay');
    const expired = await reservedHash(app, show, 1);
    clock = new Date(START.getTime() + 7 * DAY + 1000);
    for (const [hash, status] of [
      [paid, 'PAID'],
      [expired, 'EXPIRED'],
    ] as const) {
      const edit = await patch(hash, { ...guest, last_name: 'Changed' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error).toMatchObject({ code: 'RESERVATION_CLOSED', error_info: status });
      const code = await addCode(hash, 'WHATEVER');
      expect(code.statusCode).toBe(409);
      const shown = (await get(hash)).json().response;
      expect(shown).toMatchObject({ status, allow_changes: false, rebooking_secret: null });
    }
    expect((await orderOf(paid)).customer.last_name).toBe('Hopper');
  });

  it('applies and removes a coupon, the server pricing the reservation again each time', async () => {
    const coupon = await createCoupon(db, organisationId, {
      code: 'HALF',
      kind: 'PERCENTAGE',
      value: 5000,
      maxUses: 1,
    });
    const hash = await reservedHash(app, show, 2);
    const added = await addCode(hash, 'half');
    expect(added.statusCode).toBe(200);
    expect(added.json().response).toMatchObject({
      coupons: ['HALF'],
      product: { price: 30, discount: 15 },
      prices: { subtotal: 30, discount: 15, total: 16.5 },
    });
    expect(await orderOf(hash)).toMatchObject({
      totalCents: 1650,
      discountCents: 1500,
      couponCodes: ['HALF'],
    });
    const [used] = await db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(used!.uses).toBe(1);

    // The only use is this reservation's: another order cannot have it.
    const other = await reserve(app, show, 1, 0, {
      coupon: ['HALF'],
      customer: { ...guest, email: 'x@example.test' },
    });
    expect(other.statusCode).toBe(400);

    const removed = await removeCode(hash, 'HALF');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().response).toMatchObject({
      coupons: [],
      prices: { subtotal: 30, discount: 0, total: 31.5 },
    });
    const [back] = await db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(back!.uses).toBe(0);
    const lines = await db
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, (await orderOf(hash)).id));
    expect(lines.filter((line) => line.kind === 'DISCOUNT')).toEqual([]);
  });

  it('takes voucher credit on a reservation and gives it back on removal', async () => {
    const voucher = await createIssuedVoucher(db, organisationId, {
      code: 'GIFT10',
      initialCents: 1000,
      balanceCents: 1000,
    });
    const hash = await reservedHash(app, show, 1);
    const added = (await addCode(hash, 'GIFT10')).json().response;
    expect(added.prices).toMatchObject({ subtotal: 15, discount: 10, total: 6.5 });
    const [spent] = await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.id, voucher.id));
    expect(spent!.balanceCents).toBe(0);
    await removeCode(hash, 'gift10');
    const [back] = await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.id, voucher.id));
    expect(back!.balanceCents).toBe(1000);
  });

  it('refuses unknown codes and removing a code that is not applied, changing nothing', async () => {
    const hash = await reservedHash(app, show, 1);
    const unknown = await addCode(hash, 'NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('COUPON_NOT_VALID');
    const missing = await removeCode(hash, 'NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('COUPON_NOT_APPLIED');
    expect(await orderOf(hash)).toMatchObject({ totalCents: 1650, couponCodes: [] });
  });

  it('does not reuse a payment handed off before a code changed the total; paying it needs a refund', async () => {
    await createCoupon(db, organisationId, { code: 'TENOFF', kind: 'AMOUNT', value: 1000 });
    const hash = await reservedHash(app, show, 2);
    const first = (await app.inject(`/api/payment/${hash}`)).json().response.payment;
    await addCode(hash, 'TENOFF');
    const second = (await app.inject(`/api/payment/${hash}`)).json().response.payment;
    expect(second.hash).not.toBe(first.hash);
    const [row] = await db.select().from(s.payments).where(eq(s.payments.hash, second.hash));
    expect(row!.amountCents).toBe(2150);
    await pressTestPage(app, first.hash, 'pay');
    const [stale] = await db.select().from(s.payments).where(eq(s.payments.hash, first.hash));
    expect(stale!.status).not.toBe('PAID');
    expect((await orderOf(hash)).status).toBe('RESERVED');
    await pressTestPage(app, second.hash, 'pay');
    expect((await orderOf(hash)).status).toBe('PAID');
  });

  it('turns into a paid order with tickets and the tickets mail when paid later', async () => {
    const hash = await reservedHash(app, show, 2);
    await test.deliverMail();
    mailer.sent.length = 0;
    const payment = (await app.inject(`/api/payment/${hash}`)).json().response.payment;
    await pressTestPage(app, payment.hash, 'pay');
    const order = await orderOf(hash);
    expect(order.status).toBe('PAID');
    expect(await db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id))).toHaveLength(2);
    await test.deliverMail();
    expect(mailer.sent.map((mail) => mail.attachments?.[0]?.contentType)).toEqual(['application/pdf']);
  });

  it('sends the reminder once, a day before the hold ends, and never for a paid reservation', async () => {
    const unpaid = await reservedHash(app, show, 1);
    const paid = await reservedHash(app, show, 1, 0, { customer: { ...guest, email: 'paid@example.test' } });
    const payment = (await app.inject(`/api/payment/${paid}`)).json().response.payment;
    await pressTestPage(app, payment.hash, 'pay');
    await test.deliverMail();
    mailer.sent.length = 0;

    clock = new Date(START.getTime() + 6 * DAY - HOUR);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(0);
    clock = new Date(START.getTime() + 6 * DAY + HOUR);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.subject).toContain('Reminder');
    expect(mailer.sent[0]!.text).toContain(`/reservation/${unpaid}`);
    clock = new Date(START.getTime() + 6 * DAY + 12 * HOUR);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    const keys = [unpaid, paid].map(async (hash) => `reservation-reminder:${(await orderOf(hash)).id}`);
    const reminders = await db
      .select()
      .from(s.mailJobs)
      .where(inArray(s.mailJobs.dedupeKey, await Promise.all(keys)));
    expect(reminders.map((job) => job.status).sort()).toEqual(['SENT', 'SKIPPED']);
  });

  it('expires like an unpaid order: the seats and the coupon use come back', async () => {
    const coupon = await createCoupon(db, organisationId, {
      code: 'EXPIRY',
      kind: 'PERCENTAGE',
      value: 1000,
    });
    const free = async () =>
      (await app.inject(`/api/products/${show.product.id}/plots`))
        .json()
        .find((plot: { id: number }) => plot.id === show.plot.id)?.availability.amount;
    const before = await free();
    const hash = await reservedHash(app, show, 3, 0, { coupon: ['EXPIRY'] });
    expect(await free()).toBe(before - 3);
    clock = new Date(START.getTime() + 7 * DAY + 1000);
    await sweepExpiredOrders(db, clock);
    expect((await orderOf(hash)).status).toBe('EXPIRED');
    expect(await free()).toBe(before);
    const holds = await db
      .select()
      .from(s.capacityHolds)
      .where(
        and(eq(s.capacityHolds.orderId, (await orderOf(hash)).id), eq(s.capacityHolds.status, 'RELEASED')),
      );
    expect(holds).toHaveLength(1);
    const [back] = await db.select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(back!.uses).toBe(0);
    expect((await app.inject(`/api/payment/${hash}`)).statusCode).toBe(409);
  });

  it('limits what one visitor can block: seats per reservation and open reservations per e-mail', async () => {
    // 6 + 5: within the audience maximum of 10 each (docs/storefront.md §5.6), above the reservation's 10 seats.
    const tooBig = await reserve(app, show, 6, 5);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toMatchObject({ code: 'RESERVATION_TOO_LARGE', error_info: '10' });
    const customer = { ...guest, email: 'Blocker@example.test' };
    for (let i = 0; i < 3; i++) await reservedHash(app, show, 1, 0, { customer });
    const fourth = await reserve(app, show, 1, 0, {
      customer: { ...customer, email: 'blocker@EXAMPLE.test' },
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('TOO_MANY_RESERVATIONS');
    // Paying is never limited.
    const pay = await reserve(app, show, 1, 0, { action: 'pay', customer });
    expect(pay.statusCode).toBe(200);
  });
});

describe('reservations per IP', () => {
  it('refuses the eleventh reservation from one address within a day (RESERVATIONS_PER_IP)', async () => {
    const test = await createTestApp({ RESERVATIONS_PER_IP: '2' }, { now: () => START });
    try {
      const { show } = await reservableShop(test.db);
      const customer = (n: number) => ({ ...guest, email: `ip${n}@example.test` });
      expect((await reserve(test.app, show, 1, 0, { customer: customer(1) })).statusCode).toBe(200);
      expect((await reserve(test.app, show, 1, 0, { customer: customer(2) })).statusCode).toBe(200);
      const third = await reserve(test.app, show, 1, 0, { customer: customer(3) });
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('TOO_MANY_RESERVATIONS');
    } finally {
      await test.close();
    }
  });
});
