/**
 * Money an unpaid order took at booking — voucher credit, a coupon use,
 * subscription redemptions — goes back exactly once when it expires, is
 * spent again when a late payment re-books it, and when it cannot be
 * (spent elsewhere meanwhile) the payment is flagged for a refund with
 * nothing half-written. Also: a second payment of a paid order is flagged.
 */
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createGateways } from '../../payments/gateways.ts';
import {
  createClient,
  createCoupon,
  createOrganisation,
  createPlot,
  createProduct,
  createSubscription,
  createUpsell,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createClientSubscription, createIssuedVoucher, linkUpsell } from '../orders/order-fixtures.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { afterSettle } from '../../engine/settlement/after-settle.ts';
import { refundPayment } from '../../engine/settlement/refund-payment.ts';
import { customer, pressTestPage, type PlacedOrder } from './payment-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const AFTER_HOLD = new Date(START.getTime() + 16 * 60_000);

describe('discounts of unpaid orders: given back on expiry, spent again by a late payment', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let organisation: typeof s.organisations.$inferSelect;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    organisation = await createOrganisation(db, { holdMinutes: 15 });
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
  });

  /** A 10.00 ticket on one slot, with a 3.00 upsell a pass does not pay for. */
  async function show(capacity = 10) {
    const product = await createProduct(db, organisation.id, { priceCents: 1000 });
    const plot = await createPlot(db, product.id, { capacity });
    const upsell = await createUpsell(db, organisation.id, { priceCents: 300 });
    await linkUpsell(db, product.id, upsell.id);
    return { product, plot, upsell };
  }
  type Show = Awaited<ReturnType<typeof show>>;

  async function place(
    target: Show,
    quantity: number,
    extra: {
      coupon?: string[];
      subscription?: string;
      client?: string;
      upsell?: boolean;
      plainTickets?: number;
    } = {},
  ): Promise<PlacedOrder> {
    const item = { product: { id: target.product.id, plot: target.plot.id, quantity } };
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        // A pass redeems only for the logged-in client who holds it (decision 0120).
        customer: { ...customer, token: extra.client },
        coupon: extra.coupon ?? [],
        orders: [
          {
            ...item,
            ...(extra.subscription ? { subscription: extra.subscription } : {}),
            ...(extra.upsell
              ? { upsells: { [target.upsell.id]: { id: target.upsell.id, quantity: 1 } } }
              : {}),
          },
          // A second cart item of tickets the pass does not pay for.
          ...(extra.plainTickets
            ? [{ product: { id: target.product.id, plot: target.plot.id, quantity: extra.plainTickets } }]
            : []),
        ],
      },
    });
    if (response.statusCode !== 200) throw new Error(`order failed: ${response.body}`);
    return response.json().response.orders[0] as PlacedOrder;
  }

  const orderRow = async (hash: string) =>
    (await db.select().from(s.orders).where(eq(s.orders.hash, hash)))[0]!;
  const paymentRow = async (hash: string) =>
    (await db.select().from(s.payments).where(eq(s.payments.hash, hash)))[0]!;
  /** Flagged REFUND_REQUIRED by the settlement, then refunded through its (test) gateway after the commit. */
  const expectRefunded = async (hash: string) =>
    expect(await paymentRow(hash)).toMatchObject({ status: 'REFUNDED', refundRef: `test-refund-${hash}` });
  const balance = async (id: number) =>
    (await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.id, id)))[0]!.balanceCents;
  const couponUses = async (id: number) =>
    (await db.select().from(s.coupons).where(eq(s.coupons.id, id)))[0]!.uses;
  const redemptionsLeft = async (id: number) =>
    (await db.select().from(s.clientSubscriptions).where(eq(s.clientSubscriptions.id, id)))[0]!
      .availableRedemptions;
  const paidSeats = async (orderId: number) =>
    (
      await db
        .select()
        .from(s.capacityHolds)
        .where(and(eq(s.capacityHolds.orderId, orderId), eq(s.capacityHolds.status, 'PAID')))
    ).reduce((sum, hold) => sum + hold.quantity, 0);
  const ticketCount = async (orderId: number) =>
    (await db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId))).length;

  async function pass(redemptions: number, productId: number) {
    const client = await createClient(db, organisation.id);
    const subscription = await createSubscription(db, organisation.id, {
      type: 'ONLINE',
      productIds: [productId],
    });
    const card = await createClientSubscription(db, client.id, subscription.id, {
      availableRedemptions: redemptions,
    });
    return { ...card, holder: client.token };
  }

  it('the sweeper gives the redemptions of an expired unpaid order back, once', async () => {
    const target = await show();
    const card = await pass(3, target.product.id);
    const placed = await place(target, 2, { subscription: card.token, client: card.holder, upsell: true });
    expect(placed.order.status).toBe('PENDING');
    expect(await redemptionsLeft(card.id)).toBe(1);

    clock = AFTER_HOLD;
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({ orders: 1, redemptions: 1 });
    expect(await redemptionsLeft(card.id)).toBe(3);
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({ orders: 0, redemptions: 0 });
    expect(await redemptionsLeft(card.id)).toBe(3);
  });

  it('the sweeper expires a lapsed reservation: its seats are freed and its voucher credit and coupon use come back', async () => {
    const product = await createProduct(db, organisation.id, { priceCents: 1000, allowReservations: true });
    const plot = await createPlot(db, product.id, { capacity: 10 });
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 100 });
    const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 50, maxUses: 1 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'reserve',
        customer,
        coupon: [coupon.code, voucher.code],
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 2 } }],
      },
    });
    expect(response.statusCode).toBe(200);
    // A reserved order answers its reservation's hash.
    const [reservation] = await db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.hash, response.json().response.orders[0].order.hash));
    const [reserved] = await db.select().from(s.orders).where(eq(s.orders.id, reservation!.orderId));
    if (!reserved) throw new Error('no reserved order');
    expect(reserved.status).toBe('RESERVED');
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([0, 1]);

    // Still reserved: the sweeper leaves it alone.
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({ orders: 0 });
    clock = new Date(reserved.expiresAt!.getTime() + 1000);
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({
      orders: 1,
      holds: 1,
      vouchers: 1,
      coupons: 1,
    });
    expect((await orderRow(reserved.hash)).status).toBe('EXPIRED');
    // A reservation expires with its reservation: the same moment.
    expect(reserved.expiresAt).toEqual(reservation!.expiresAt);
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([100, 0]);
    const holds = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, reserved.id));
    expect(holds.map((hold) => hold.status)).toEqual(['RELEASED']);
  });

  it('a late payment after the sweep spends the voucher credit, coupon use and redemptions again', async () => {
    const target = await show();
    const card = await pass(3, target.product.id);
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 100 });
    const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 50, maxUses: 1 });
    // Two tickets free by the pass, one more at 10.00: 0.50 off by the coupon, 1.00 by the voucher.
    const placed = await place(target, 2, {
      subscription: card.token,
      client: card.holder,
      plainTickets: 1,
      coupon: [coupon.code, voucher.code],
    });
    expect(placed.order.status).toBe('PENDING');
    expect([await balance(voucher.id), await couponUses(coupon.id), await redemptionsLeft(card.id)]).toEqual([
      0, 1, 1,
    ]);

    clock = AFTER_HOLD;
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({
      orders: 1,
      vouchers: 1,
      coupons: 1,
      redemptions: 1,
    });
    expect([await balance(voucher.id), await couponUses(coupon.id), await redemptionsLeft(card.id)]).toEqual([
      100, 0, 3,
    ]);

    await pressTestPage(app, placed.payment!.hash, 'pay');
    const order = await orderRow(placed.order.hash);
    expect(order.status).toBe('PAID');
    expect((await paymentRow(placed.payment!.hash)).status).toBe('PAID');
    expect([await balance(voucher.id), await couponUses(coupon.id), await redemptionsLeft(card.id)]).toEqual([
      0, 1, 1,
    ]);
    expect(await paidSeats(order.id)).toBe(3);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    // The same report again changes nothing.
    await pressTestPage(app, placed.payment!.hash, 'pay');
    expect([await balance(voucher.id), await couponUses(coupon.id), await redemptionsLeft(card.id)]).toEqual([
      0, 1, 1,
    ]);
  });

  it('credit spent elsewhere meanwhile: REFUND_REQUIRED, and nothing of the re-booking stays', async () => {
    const target = await show();
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 600 });
    const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 100 });
    const late = await place(target, 2, { coupon: [coupon.code, voucher.code] });
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([0, 1]);
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([600, 0]);
    // Someone else spends the credit now.
    const other = await place(target, 1, { coupon: [voucher.code] });
    expect(await balance(voucher.id)).toBe(0);

    await pressTestPage(app, late.payment!.hash, 'pay');
    const order = await orderRow(late.order.hash);
    expect(order.status).toBe('REFUND_REQUIRED');
    await expectRefunded(late.payment!.hash);
    // The coupon is unlimited and would have been taken: it was rolled back with the rest.
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([0, 0]);
    expect(await paidSeats(order.id)).toBe(0);
    expect(await ticketCount(order.id)).toBe(0);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(0);
    expect((await orderRow(other.order.hash)).status).toBe('PENDING');
  });

  it('a limited coupon used up meanwhile: REFUND_REQUIRED, and the voucher credit is not re-spent', async () => {
    const target = await show();
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 5000 });
    const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 100, maxUses: 1 });
    // 2 × 10.00 − 1.00 coupon; the voucher pays 5.00 of the rest (balance 5000 would pay all: cap it).
    await db.update(s.issuedVouchers).set({ balanceCents: 500 }).where(eq(s.issuedVouchers.id, voucher.id));
    const late = await place(target, 2, { coupon: [coupon.code, voucher.code] });
    expect(late.order.status).toBe('PENDING');
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([500, 0]);
    await place(target, 1, { coupon: [coupon.code] });
    expect(await couponUses(coupon.id)).toBe(1);

    await pressTestPage(app, late.payment!.hash, 'pay');
    const order = await orderRow(late.order.hash);
    expect(order.status).toBe('REFUND_REQUIRED');
    await expectRefunded(late.payment!.hash);
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([500, 1]);
    expect(await paidSeats(order.id)).toBe(0);
  });

  it('redemptions taken meanwhile: REFUND_REQUIRED', async () => {
    const target = await show();
    const card = await pass(2, target.product.id);
    const late = await place(target, 2, { subscription: card.token, client: card.holder, upsell: true });
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect(await redemptionsLeft(card.id)).toBe(2);
    await place(target, 1, { subscription: card.token, client: card.holder, upsell: true });
    expect(await redemptionsLeft(card.id)).toBe(1);

    await pressTestPage(app, late.payment!.hash, 'pay');
    const order = await orderRow(late.order.hash);
    expect(order.status).toBe('REFUND_REQUIRED');
    expect(await redemptionsLeft(card.id)).toBe(1);
    expect(await paidSeats(order.id)).toBe(0);
  });

  it('seats gone after the sweep: the credit spent again is rolled back with the seats', async () => {
    const target = await show(2);
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 400 });
    const late = await place(target, 2, { coupon: [voucher.code] });
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect(await balance(voucher.id)).toBe(400);
    const other = await place(target, 2);
    await pressTestPage(app, other.payment!.hash, 'pay');

    await pressTestPage(app, late.payment!.hash, 'pay');
    const order = await orderRow(late.order.hash);
    expect(order.status).toBe('REFUND_REQUIRED');
    expect(await balance(voucher.id)).toBe(400);
    expect(await paidSeats(order.id)).toBe(0);
  });

  it('a late payment whose seats are gone before any sweep gives the discounts back, once', async () => {
    const target = await show(2);
    const voucher = await createIssuedVoucher(db, organisation.id, { balanceCents: 300 });
    const coupon = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 100, maxUses: 5 });
    const late = await place(target, 2, { coupon: [coupon.code, voucher.code] });
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([0, 1]);
    clock = AFTER_HOLD;
    // The hold lapsed and no sweeper ran; another buyer takes the seats.
    await place(target, 2);

    await pressTestPage(app, late.payment!.hash, 'pay');
    expect((await orderRow(late.order.hash)).status).toBe('REFUND_REQUIRED');
    await expectRefunded(late.payment!.hash);
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([300, 0]);
    // The sweeper finds nothing of it to give back again.
    expect(await sweepExpiredOrders(db, clock)).toMatchObject({ vouchers: 0, coupons: 0 });
    expect([await balance(voucher.id), await couponUses(coupon.id)]).toEqual([300, 0]);
  });

  it('a second payment of a paid order is flagged and refunded; the order and its mail stay as they were', async () => {
    const target = await show();
    const placed = await place(target, 1);
    await pressTestPage(app, placed.payment!.hash, 'cancel');
    const again = await app.inject(`/api/payment/${placed.order.hash}`);
    const second = again.json().response.payment.hash as string;
    expect(second).not.toBe(placed.payment!.hash);
    await pressTestPage(app, second, 'pay');
    const order = await orderRow(placed.order.hash);
    expect(order.status).toBe('PAID');
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);

    // The provider took the first (cancelled) attempt's money after all.
    await pressTestPage(app, placed.payment!.hash, 'pay');
    await expectRefunded(placed.payment!.hash);
    expect((await paymentRow(second)).status).toBe('PAID');
    expect(await orderRow(placed.order.hash)).toMatchObject({ status: 'PAID', paidAt: order.paidAt });
    expect(await paidSeats(order.id)).toBe(1);
    expect(await ticketCount(order.id)).toBe(1);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
    // Reported again: still one refund, nothing else.
    await pressTestPage(app, placed.payment!.hash, 'pay');
    await expectRefunded(placed.payment!.hash);
    expect((await paymentRow(second)).status).toBe('PAID');
  });

  it('never refunds through another gateway than the one that took the money', async () => {
    const target = await show();
    const placed = await place(target, 1);
    const order = await orderRow(placed.order.hash);
    // Taken by Stripe, which this server (test gateway only) is not configured for.
    const [stripePayment] = await db
      .insert(s.payments)
      .values({
        orderId: order.id,
        gateway: 'stripe',
        type: 'CUSTOM',
        hash: `stripe-payment-${order.id}`,
        providerRef: 'cs_test_elsewhere',
        status: 'REFUND_REQUIRED',
        amountCents: 1000,
        currency: 'EUR',
      })
      .returning();
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const context = { db, log, gateways: createGateways(test.config) };
    expect(await refundPayment(context, stripePayment!.id, 'NOT_BOOKED')).toBe('FAILED');
    expect(await paymentRow(stripePayment!.hash)).toMatchObject({
      status: 'REFUND_REQUIRED',
      refundRef: null,
    });
    expect(lines).toMatchObject([
      { payment: stripePayment!.id, gateway: 'stripe', msg: expect.stringMatching(/by hand/) },
    ]);
  });

  it('logs every payment to refund with its order and payment', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const context = { db, mailer, log, gateways: createGateways(test.config) };
    await afterSettle(context, { kind: 'DOUBLE_PAYMENT', orderId: 7, paymentId: 9 });
    await afterSettle(context, { kind: 'REFUND_REQUIRED', orderId: 8, paymentId: 10 });
    expect(lines).toMatchObject([
      { order: 7, payment: 9, msg: expect.stringMatching(/second payment.*refund required/) },
      { order: 8, payment: 10, msg: expect.stringMatching(/refund required/) },
    ]);
  });
});
