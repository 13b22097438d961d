import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { loadOrderTickets } from '../../tickets/load-tickets.ts';
import { ticketsMail } from '../../tickets/tickets-mail.ts';
import { createAudience, createCoupon, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createIssuedVoucher } from '../orders/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { findOrderByPublicHash } from '../../engine/settlement/find-order.ts';
import {
  book,
  orderByHash,
  orderById,
  paidOrder,
  pay,
  postOrder,
  rebookingShop,
  seatsTaken,
  SHOP_SECRET,
  slotProduct,
  START,
  validate,
  type SlotProduct,
} from './rebook-fixtures.ts';

const AFTER_HOLD = new Date(START.getTime() + 16 * 60_000);

describe('POST /api/orders rebooking an order', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let organisation: typeof s.organisations.$inferSelect;
  let shop: SlotProduct;
  let ipCounter = 0;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    organisation = await rebookingShop(db);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
    shop = await slotProduct(db, organisation.id);
  });

  /** The rebooking data of an order, as the storefront gets it. */
  async function rebookingOf(orderId: number) {
    const { reference } = await orderById(db, orderId);
    const response = await validate(
      app,
      { order: { id: reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
      `192.0.2.${++ipCounter}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json().response as { hash: string; secret: string; product: number };
  }

  /** A rebooking request of `quantity` tickets on `plotId`. */
  function rebook(
    data: { hash: string; secret: string },
    productId: number,
    plotId: number,
    quantity = 2,
    extra: { action?: 'pay' | 'reserve'; simulate?: boolean; coupon?: string[] } = {},
  ) {
    return postOrder(app, {
      ...extra,
      orders: [
        { product: { id: productId, plot: plotId, quantity }, rebook: data.hash, rebook_secret: data.secret },
      ],
    });
  }

  async function countRows() {
    const [orders] = await db.select({ n: count() }).from(s.orders);
    const [holds] = await db.select({ n: count() }).from(s.capacityHolds);
    const [payments] = await db.select({ n: count() }).from(s.payments);
    return { orders: orders!.n, holds: holds!.n, payments: payments!.n };
  }

  const paymentOf = async (orderId: number) =>
    (await db.select().from(s.payments).where(eq(s.payments.orderId, orderId)))[0]!;

  it('a same-price slot costs exactly the rebooking fee, and the old booking moves when it is paid', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    expect(old.totalCents).toBe(2095);
    const data = await rebookingOf(old.id);

    const simulated = await rebook(data, shop.product.id, shop.same.id, 2, { simulate: true });
    expect(simulated.json().response.orders[0]).toMatchObject({
      order: { status: 'SIMULATED' },
      priceInfo: { productPrice: 20, discount: 0, additions: 2.5, credit: 20 },
    });

    const response = await rebook(data, shop.product.id, shop.same.id);
    expect(response.statusCode).toBe(200);
    const answer = response.json().response.orders[0];
    expect(answer.order.status).toBe('PENDING');
    expect(answer.priceInfo).toEqual({ productPrice: 20, discount: 0, additions: 2.5, credit: 20 });
    const created = await orderByHash(db, answer.order.hash);
    expect(created).toMatchObject({
      totalCents: 250,
      additionsCents: 250,
      rebookOfOrderId: old.id,
      rebookCreditCents: 2000,
    });
    expect((await paymentOf(created.id)).amountCents).toBe(250);
    // Until the payment comes, the old booking stands and both hold seats.
    expect((await orderById(db, old.id)).status).toBe('PAID');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(2);
    expect(await seatsTaken(db, shop.same.id, clock)).toBe(2);

    await pay(app, answer.payment.hash);
    expect((await orderById(db, created.id)).status).toBe('PAID');
    expect((await orderById(db, old.id)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(0);
    expect(await seatsTaken(db, shop.same.id, clock)).toBe(2);
    // The old order's secret is spent; the new order has its own, in its tickets mail.
    const [oldSecret] = await db
      .select()
      .from(s.rebookingSecrets)
      .where(eq(s.rebookingSecrets.orderId, old.id));
    expect(oldSecret!.usedAt).not.toBeNull();
    const [newSecret] = await db
      .select()
      .from(s.rebookingSecrets)
      .where(eq(s.rebookingSecrets.orderId, created.id));
    await test.deliverMail();
    const mail = mailer.sent.find((message) =>
      message.subject.includes(formatOrderReference(created.reference)),
    );
    // An absolute link, on the address the payment came in on.
    expect(mail?.text).toContain(
      `http://localhost:80/rebook/${newSecret!.secret}?order=${created.reference}&email=Ada%40Example.test`,
    );
  });

  it('the tickets mail has no rebooking link while the shop does not allow rebooking', async () => {
    await db
      .update(s.organisations)
      .set({ rebookingAllowed: false })
      .where(eq(s.organisations.id, organisation.id));
    try {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id, 1);
      await test.deliverMail();
      const mail = mailer.sent.find((message) =>
        message.subject.includes(formatOrderReference(order.reference)),
      );
      // Exactly the tickets mail of this order without the rebooking paragraph, and no link anywhere.
      const tickets = await loadOrderTickets(db, order.id);
      expect(mail?.text).toBe(ticketsMail(tickets!, Buffer.alloc(0), null).text);
      expect(mail?.text).not.toBe(ticketsMail(tickets!, Buffer.alloc(0), 'http://localhost:80/rebook/x').text);
      expect(mail?.text).not.toContain('/rebook/');
    } finally {
      await db
        .update(s.organisations)
        .set({ rebookingAllowed: true })
        .where(eq(s.organisations.id, organisation.id));
    }
  });

  it('a dearer slot costs the difference plus the fee', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const response = await rebook(await rebookingOf(old.id), shop.product.id, shop.dearer.id);
    const answer = response.json().response.orders[0];
    expect(answer.priceInfo).toEqual({ productPrice: 30, discount: 0, additions: 2.5, credit: 20 });
    expect((await orderByHash(db, answer.order.hash)).totalCents).toBe(1250);
  });

  it('a cheaper slot costs nothing, is paid at once and moves the booking in the same transaction', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const before = {
      old: await seatsTaken(db, shop.plot.id, clock),
      cheaper: await seatsTaken(db, shop.cheaper.id, clock),
    };
    const response = await rebook(await rebookingOf(old.id), shop.product.id, shop.cheaper.id);
    const answer = response.json().response.orders[0];
    expect(answer.order.status).toBe('PAID');
    expect(answer.payment.transaction).toBe(false);
    // 10.00 + 2.50 fee against 20.00 credit: the rest is not paid out.
    expect(answer.priceInfo).toEqual({ productPrice: 10, discount: 0, additions: 2.5, credit: 12.5 });
    expect((await orderByHash(db, answer.order.hash)).totalCents).toBe(0);
    expect((await orderById(db, old.id)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(before.old - 2);
    expect(await seatsTaken(db, shop.cheaper.id, clock)).toBe(before.cheaper + 2);
    // The old order's return page says it moved; its tickets are no longer handed out.
    const oldStatus = await app.inject({ method: 'GET', url: `/api/orders/${old.hash}/status` });
    expect(oldStatus.json().response).toMatchObject({ status: 'REBOOKED', canPayAgain: false });
    const oldTickets = await app.inject({ method: 'GET', url: `/api/orders/${old.hash}/tickets.pdf` });
    expect(oldTickets.statusCode).not.toBe(200);
    // Once moved, the old order cannot be rebooked again.
    const again = await validate(
      app,
      { order: { id: old.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
      '192.0.2.250',
    );
    expect(again.json().error.code).toBe('REBOOK_ALREADY_MOVED');
  });

  it('credits what a voucher paid of the booking, but not what a coupon took off', async () => {
    const voucher = await createIssuedVoucher(db, organisation.id, { initialCents: 500, balanceCents: 500 });
    const coupon = await createCoupon(db, organisation.id, {
      code: 'TENOFF',
      kind: 'PERCENTAGE',
      value: 1000,
    });
    // 2 × 10.00 − 10 % (2.00) = 18.00 of tickets, 5.00 of it paid with the voucher's credit.
    const response = await postOrder(app, {
      coupon: [coupon.code, voucher.code],
      orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 2 } }],
    });
    expect(response.statusCode).toBe(200);
    const placed = response.json().response.orders[0];
    await pay(app, placed.payment.hash);
    const old = await orderByHash(db, placed.order.hash);
    expect(old.discountCents).toBe(700);

    const data = (
      await validate(
        app,
        { order: { id: old.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
        `192.0.2.${++ipCounter}`,
      )
    ).json().response as { hash: string; secret: string; amount: number };
    expect(data.amount).toBe(18);
    const answer = (await rebook(data, shop.product.id, shop.dearer.id)).json().response.orders[0];
    // 30.00 + 2.50 fee − 18.00 credit.
    expect(answer.priceInfo).toMatchObject({ productPrice: 30, additions: 2.5, credit: 18 });
    expect((await orderByHash(db, answer.order.hash)).totalCents).toBe(1450);
  });

  describe('refuses, writing nothing,', () => {
    it('a wrong secret or an unknown hash', async () => {
      const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
      const data = await rebookingOf(old.id);
      const before = await countRows();
      const wrongSecret = await rebook({ ...data, secret: SHOP_SECRET }, shop.product.id, shop.cheaper.id);
      expect(wrongSecret.statusCode).toBe(403);
      expect(wrongSecret.json().error.code).toBe('REBOOK_SECRET_INVALID');
      const wrongHash = await rebook({ ...data, hash: 'not-an-order' }, shop.product.id, shop.cheaper.id);
      expect(wrongHash.json().error.code).toBe('REBOOK_SECRET_INVALID');
      const simulated = await rebook({ ...data, secret: 'x' }, shop.product.id, shop.cheaper.id, 2, {
        simulate: true,
      });
      expect(simulated.json().error.code).toBe('REBOOK_SECRET_INVALID');
      expect(await countRows()).toEqual(before);
      expect((await orderById(db, old.id)).status).toBe('PAID');
    });

    it('the plot the booking is already on', async () => {
      const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
      const data = await rebookingOf(old.id);
      const before = await countRows();
      const same = await rebook(data, shop.product.id, shop.plot.id);
      expect(same.statusCode).toBe(400);
      expect(same.json().error.code).toBe('REBOOK_SAME_PLOT');
      expect(await countRows()).toEqual(before);
      expect((await orderById(db, old.id)).status).toBe('PAID');
    });

    it('another product, a changed quantity, more than one item, or a coupon', async () => {
      const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
      const data = await rebookingOf(old.id);
      const other = await createProduct(db, organisation.id, { priceCents: 100, hasDays: true });
      const otherPlot = await createPlot(db, other.id, { date: '2026-06-13' });
      const coupon = await createCoupon(db, organisation.id);
      const before = await countRows();

      const product = await rebook(data, other.id, otherPlot.id);
      expect(product.statusCode).toBe(400);
      expect(product.json().error).toMatchObject({ code: 'REBOOK_QUANTITY_MISMATCH', error_info: 'product' });
      const quantity = await rebook(data, shop.product.id, shop.cheaper.id, 3);
      expect(quantity.json().error).toMatchObject({
        code: 'REBOOK_QUANTITY_MISMATCH',
        error_info: 'quantity',
      });
      const fewer = await rebook(data, shop.product.id, shop.cheaper.id, 1);
      expect(fewer.json().error.code).toBe('REBOOK_QUANTITY_MISMATCH');
      const twoItems = await postOrder(app, {
        orders: [
          {
            product: { id: shop.product.id, plot: shop.cheaper.id, quantity: 2 },
            rebook: data.hash,
            rebook_secret: data.secret,
          },
          { product: { id: shop.product.id, plot: shop.same.id, quantity: 1 } },
        ],
      });
      expect(twoItems.json().error.code).toBe('REBOOK_QUANTITY_MISMATCH');
      const withCoupon = await rebook(data, shop.product.id, shop.cheaper.id, 2, { coupon: [coupon.code] });
      expect(withCoupon.json().error.code).toBe('REBOOK_COUPON_NOT_ALLOWED');

      expect(await countRows()).toEqual(before);
      expect((await orderById(db, old.id)).status).toBe('PAID');
    });

    it('per-audience quantities that differ from the booking', async () => {
      const product = await createProduct(db, organisation.id, { priceType: 'AUDIENCE', hasDays: true });
      const adult = await createAudience(db, { productId: product.id, priceCents: 1500 });
      const child = await createAudience(db, { productId: product.id, priceCents: 700 });
      const first = await createPlot(db, product.id, { date: '2026-06-20' });
      const second = await createPlot(db, product.id, { date: '2026-06-21' });
      const audiences = (adults: number, children: number) => ({
        [adult.id]: { id: adult.id, quantity: adults },
        [child.id]: { id: child.id, quantity: children },
      });
      const placed = await postOrder(app, {
        orders: [{ product: { id: product.id, plot: first.id }, audiences: audiences(2, 1) }],
      });
      await pay(app, placed.json().response.orders[0].payment.hash);
      const old = await orderByHash(db, placed.json().response.orders[0].order.hash);
      const data = await rebookingOf(old.id);
      const request = (adults: number, children: number) =>
        postOrder(app, {
          orders: [
            {
              product: { id: product.id, plot: second.id },
              audiences: audiences(adults, children),
              rebook: data.hash,
              rebook_secret: data.secret,
            },
          ],
        });

      expect((await request(1, 2)).json().error.code).toBe('REBOOK_QUANTITY_MISMATCH');
      const same = await request(2, 1);
      expect(same.statusCode).toBe(200);
      expect(same.json().response.orders[0].priceInfo).toEqual({
        productPrice: 37,
        discount: 0,
        additions: 2.5,
        credit: 37,
      });
    });
  });

  it('an unpaid rebooking that never gets paid leaves the old order PAID with its seats', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const response = await rebook(await rebookingOf(old.id), shop.product.id, shop.dearer.id);
    const created = await orderByHash(db, response.json().response.orders[0].order.hash);
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect((await orderById(db, created.id)).status).toBe('EXPIRED');
    expect((await orderById(db, old.id)).status).toBe('PAID');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(2);
    expect(await seatsTaken(db, shop.dearer.id, clock)).toBe(0);
  });

  it('a new rebooking withdraws an earlier unpaid one; a payment for the earlier one then needs a refund', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const data = await rebookingOf(old.id);
    const first = (await rebook(data, shop.product.id, shop.dearer.id)).json().response.orders[0];
    const second = (await rebook(data, shop.product.id, shop.same.id)).json().response.orders[0];
    const firstOrder = await orderByHash(db, first.order.hash);
    expect(firstOrder.status).toBe('CANCELLED');
    expect(await seatsTaken(db, shop.dearer.id, clock)).toBe(0);

    await pay(app, first.payment.hash);
    expect((await orderById(db, firstOrder.id)).status).toBe('CANCELLED');
    // Flagged for a refund (or refunded at once, where the gateway can).
    expect(['REFUND_REQUIRED', 'REFUNDED']).toContain((await paymentOf(firstOrder.id)).status);
    expect((await orderById(db, old.id)).status).toBe('PAID');

    await pay(app, second.payment.hash);
    expect((await orderByHash(db, second.order.hash)).status).toBe('PAID');
    expect((await orderById(db, old.id)).status).toBe('REBOOKED');
  });

  it('a late payment for a rebooking of a reservation that lapsed meanwhile needs a refund, and takes no seats', async () => {
    const reserved = await book(app, shop.product.id, shop.plot.id, 2, 'reserve');
    const [reservation] = await db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.hash, reserved.order.hash));
    const data = await rebookingOf(reservation!.orderId);
    const pending = (await rebook(data, shop.product.id, shop.dearer.id)).json().response.orders[0];
    expect(pending.order.status).toBe('PENDING');
    clock = new Date(START.getTime() + 4 * 24 * 3_600_000);
    await pay(app, pending.payment.hash);
    const late = await orderByHash(db, pending.order.hash);
    expect(late.status).toBe('REFUND_REQUIRED');
    expect(['REFUND_REQUIRED', 'REFUNDED']).toContain((await paymentOf(late.id)).status);
    expect((await orderById(db, reservation!.orderId)).status).toBe('RESERVED');
    expect(await seatsTaken(db, shop.dearer.id, clock)).toBe(0);
  });

  it('a rebooking of a reservation paid online moves the reservation when the payment comes', async () => {
    const reserved = await book(app, shop.product.id, shop.plot.id, 2, 'reserve');
    const [reservation] = await db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.hash, reserved.order.hash));
    const pending = (
      await rebook(await rebookingOf(reservation!.orderId), shop.product.id, shop.same.id)
    ).json().response.orders[0];
    // Nothing was paid on the reservation: the whole price plus the rebooking fee.
    expect(pending.priceInfo).toEqual({ productPrice: 20, discount: 0, additions: 2.5 });
    await pay(app, pending.payment.hash);
    expect((await orderByHash(db, pending.order.hash)).status).toBe('PAID');
    expect((await orderById(db, reservation!.orderId)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(0);
  });

  it('a reservation rebooked as a reservation is reserved at once, and the old one moves', async () => {
    const reserved = await book(app, shop.product.id, shop.plot.id, 2, 'reserve');
    const [reservation] = await db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.hash, reserved.order.hash));
    const data = await rebookingOf(reservation!.orderId);
    const paying = await rebook(data, shop.product.id, shop.dearer.id, 2, {
      action: 'reserve',
      simulate: true,
    });
    // Nothing was paid on a reservation: no credit; and a reservation's total never takes the type 1
    // rebooking fee (docs/storefront.md §9.3, decision 0130): the whole new price plus the new-booking additions.
    expect(paying.json().response.orders[0].priceInfo).toEqual({
      productPrice: 30,
      discount: 0,
      additions: 0.95,
    });
    const response = await rebook(data, shop.product.id, shop.dearer.id, 2, { action: 'reserve' });
    expect(response.json().response.orders[0].order.status).toBe('RESERVED');
    expect((await orderById(db, reservation!.orderId)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(0);
    expect(await seatsTaken(db, shop.dearer.id, clock)).toBe(2);
  });

  it('a reservation moved to another slot is paid later: PAID with tickets on the new slot, the old slot stays free', async () => {
    const reserved = await book(app, shop.product.id, shop.plot.id, 2, 'reserve');
    const [reservation] = await db
      .select()
      .from(s.reservations)
      .where(eq(s.reservations.hash, reserved.order.hash));
    const data = await rebookingOf(reservation!.orderId);
    const moved = (await rebook(data, shop.product.id, shop.same.id, 2, { action: 'reserve' })).json()
      .response.orders[0];
    expect(moved.order.status).toBe('RESERVED');

    // "Pay now" on the new reservation's page, then Pay on the test page.
    const handOff = (await app.inject(`/api/payment/${moved.order.hash}`)).json().response.payment;
    expect((await pay(app, handOff.hash)).statusCode).toBeLessThan(400);

    const paid = (await findOrderByPublicHash(db, moved.order.hash))!;
    expect(paid.rebookOfOrderId).toBe(reservation!.orderId);
    expect(paid.status).toBe('PAID');
    expect((await paymentOf(paid.id)).status).toBe('PAID');
    const lines = await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, paid.id));
    const ticketLines = new Set(lines.filter((line) => line.plotId === shop.same.id).map((line) => line.id));
    const tickets = await db.select().from(s.tickets).where(eq(s.tickets.orderId, paid.id));
    expect(tickets).toHaveLength(2);
    expect(tickets.every((ticket) => ticketLines.has(ticket.orderLineId))).toBe(true);
    expect((await orderById(db, reservation!.orderId)).status).toBe('REBOOKED');
    expect(await seatsTaken(db, shop.same.id, clock)).toBe(2);
    expect(await seatsTaken(db, shop.plot.id, clock)).toBe(0);
    // Still holds long after the reservation's own hold would have ended.
    expect(await seatsTaken(db, shop.same.id, new Date(START.getTime() + 30 * 24 * 3_600_000))).toBe(2);
    // A reservation moved as a reservation was priced as a new booking (decision 0130): its fee says so.
    const returnPage = (await app.inject(`/api/orders/${moved.order.hash}/status`)).json().response;
    expect(returnPage.order.receipt.additions).toEqual([{ label: 'Booking fee', amount: 0.95 }]);
  });

  it('a paid order cannot be rebooked into a reservation', async () => {
    const old = await paidOrder(app, db, shop.product.id, shop.plot.id, 2);
    const response = await rebook(await rebookingOf(old.id), shop.product.id, shop.same.id, 2, {
      action: 'reserve',
    });
    expect(response.json().error.code).toBe('REBOOK_NOT_ALLOWED');
  });
});
