import { dammCheckDigit, formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createAudience, createPlot, createProduct, createUpsell } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { linkUpsell } from '../orders/order-fixtures.ts';
import { REBOOK_VALIDATE_LIMIT } from './routes.ts';
import { REBOOK_REFERENCE_LIMIT } from './validate-rebook.ts';
import {
  book,
  orderByHash,
  orderById,
  paidOrder,
  rebookingShop,
  SHOP_SECRET,
  slotProduct,
  START,
  validate,
  type SlotProduct,
} from './rebook-fixtures.ts';

/** A reference with a right check digit that no order has (a new one per `n`). */
const unknownReference = (n = 0) => {
  const digits = String(1_234_567_890 + n);
  return digits + dammCheckDigit(digits);
};
const UNKNOWN_REFERENCE = unknownReference();

describe('rebooking entry', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let clock = START;
  let organisation: typeof s.organisations.$inferSelect;
  let shop: SlotProduct;
  let ipCounter = 0;
  /** Each test its own client IP: the per-IP limit is tested on its own. */
  const nextIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    ({ app, db } = test);
    organisation = await rebookingShop(db);
    shop = await slotProduct(db, organisation.id, 1000);
  });
  afterAll(() => test.close());
  beforeEach(() => {
    clock = START;
  });

  const ownSecret = async (orderId: number) =>
    (await db.select().from(s.rebookingSecrets).where(eq(s.rebookingSecrets.orderId, orderId)))[0]?.secret;
  const link = (secret: string, order: number | string) =>
    app.inject({ method: 'GET', url: `/api/rebook/secret/${secret}/${order}`, remoteAddress: nextIp() });

  describe('GET /api/rebook/secret/{secret}/{order}', () => {
    it("accepts the shop's secret and the order's own secret for that order", async () => {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const own = await ownSecret(order.id);
      expect(own).toMatch(/^[A-Za-z0-9_-]{22,}$/);

      const byShop = await link(SHOP_SECRET, order.reference);
      expect(byShop.statusCode).toBe(200);
      expect(byShop.json()).toEqual({ ok: true, response: { valid: true } });
      expect((await link(own!, order.reference)).statusCode).toBe(200);
    });

    it("refuses an order's secret for another order, a wrong secret, and any link while rebooking is off", async () => {
      const first = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const second = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const own = (await ownSecret(first.id))!;

      const other = await link(own, second.reference);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.code).toBe('REBOOK_LINK_INVALID');
      expect((await link('not-the-secret', first.reference)).json().error.code).toBe('REBOOK_LINK_INVALID');

      await db
        .update(s.organisations)
        .set({ rebookingAllowed: false })
        .where(eq(s.organisations.id, organisation.id));
      try {
        expect((await link(SHOP_SECRET, first.reference)).statusCode).toBe(404);
        expect((await link(own, first.reference)).statusCode).toBe(404);
      } finally {
        await db
          .update(s.organisations)
          .set({ rebookingAllowed: true })
          .where(eq(s.organisations.id, organisation.id));
      }
    });
  });

  describe('POST /api/rebook/validate', () => {
    it('answers the rebooking data for order number and e-mail as people type them', async () => {
      const upsell = await createUpsell(db, organisation.id, { priceCents: 300 });
      await linkUpsell(db, shop.product.id, upsell.id);
      const withUpsell = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          action: 'pay',
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'Ada@Example.test', fields: {} },
          orders: [
            {
              product: { id: shop.product.id, plot: shop.plot.id, quantity: 3 },
              upsells: { [upsell.id]: { id: upsell.id, quantity: 1 } },
            },
          ],
        },
      });
      const upsellOrder = withUpsell.json().response.orders[0];
      await app.inject({
        method: 'POST',
        url: `/pay/test/${upsellOrder.payment.hash}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay',
      });
      const paid = await orderByHash(db, upsellOrder.order.hash);
      expect(paid.status).toBe('PAID');

      const response = await validate(
        app,
        {
          order: { id: ` #${formatOrderReference(paid.reference)} `, email: '  ada@EXAMPLE.test ' },
          secret: SHOP_SECRET,
        },
        nextIp(),
      );
      expect(response.statusCode).toBe(200);
      const data = response.json().response;
      expect(data).toEqual({
        hash: paid.hash,
        secret: await ownSecret(paid.id),
        product: shop.product.id,
        plot: shop.plot.id,
        status: 'PAID',
        amount: 33,
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'Ada@Example.test',
          company: null,
          vat_id: null,
          address: null,
          city: null,
          fields: {},
        },
        quantity: { product: 3, upsells: { [upsell.id]: 1 } },
      });
      // The order's own secret opens it as well, with the number as a number.
      const byOwn = await validate(
        app,
        { order: { id: paid.reference, email: 'ada@example.test' }, secret: data.secret },
        nextIp(),
      );
      expect(byOwn.statusCode).toBe(200);
    });

    it('answers per-audience quantities as a map and a reservation as worth 0', async () => {
      const product = await createProduct(db, organisation.id, {
        priceType: 'AUDIENCE',
        hasDays: true,
        allowReservations: true,
      });
      const adult = await createAudience(db, { productId: product.id, priceCents: 1500 });
      const child = await createAudience(db, { productId: product.id, priceCents: 700 });
      const plot = await createPlot(db, product.id, { date: '2026-06-20' });
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          action: 'reserve',
          customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} },
          orders: [
            {
              product: { id: product.id, plot: plot.id },
              audiences: {
                [adult.id]: { id: adult.id, quantity: 2 },
                [child.id]: { id: child.id, quantity: 1 },
              },
            },
          ],
        },
      });
      expect(response.json().response.orders[0].order.status).toBe('RESERVED');
      const [reserved] = await db
        .select()
        .from(s.orders)
        .orderBy(s.orders.id)
        .limit(1)
        .offset(0)
        .where(eq(s.orders.status, 'RESERVED'));
      const answer = await validate(
        app,
        { order: { id: reserved!.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().response).toMatchObject({
        status: 'RESERVED',
        amount: 0,
        plot: plot.id,
        quantity: { product: { [adult.id]: 2, [child.id]: 1 }, upsells: {} },
      });
    });

    it('answers a wrong e-mail and an unknown order number alike', async () => {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const wrongEmail = await validate(
        app,
        { order: { id: order.reference, email: 'eve@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      const unknown = await validate(
        app,
        { order: { id: UNKNOWN_REFERENCE, email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      const notANumber = await validate(
        app,
        { order: { id: 'abc', email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      expect(wrongEmail.statusCode).toBe(404);
      expect(wrongEmail.json().error.code).toBe('REBOOK_NOT_FOUND');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toBe(wrongEmail.body);
      expect(notANumber.body).toBe(wrongEmail.body);
    });

    it('refuses a wrong secret, for known and unknown orders alike', async () => {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const known = await validate(
        app,
        { order: { id: order.reference, email: 'ada@example.test' }, secret: 'guess' },
        nextIp(),
      );
      const unknown = await validate(
        app,
        { order: { id: UNKNOWN_REFERENCE, email: 'ada@example.test' }, secret: 'guess' },
        nextIp(),
      );
      expect(known.statusCode).toBe(403);
      expect(known.json().error.code).toBe('REBOOK_SECRET_INVALID');
      expect(unknown.body).toBe(known.body);
    });

    describe('refuses with a code that says why, and error_info "Rebook is not allowed"', () => {
      async function expectNotAllowed(reference: string, code: string) {
        const response = await validate(
          app,
          { order: { id: reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
          nextIp(),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code,
          error_info: 'Rebook is not allowed',
        });
      }

      it('once the reservation has expired', async () => {
        const reserved = await book(app, shop.product.id, shop.plot.id, 2, 'reserve');
        const [row] = await db
          .select()
          .from(s.reservations)
          .where(eq(s.reservations.hash, reserved.order.hash));
        clock = new Date(START.getTime() + 3 * 24 * 3_600_000 + 60_000);
        await expectNotAllowed((await orderById(db, row!.orderId)).reference, 'REBOOK_NOT_PAID');
      });

      it('once the plot has started (its start time in the shop’s zone)', async () => {
        const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
        // 10:00 in Amsterdam on 10 June is 08:00 UTC.
        clock = new Date('2026-06-10T07:59:00Z');
        const before = await validate(
          app,
          { order: { id: order.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
          nextIp(),
        );
        expect(before.statusCode).toBe(200);
        clock = new Date('2026-06-10T08:00:00Z');
        await expectNotAllowed(order.reference, 'REBOOK_STARTED');
      });

      it('while the shop has rebooking off', async () => {
        const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
        await db
          .update(s.organisations)
          .set({ rebookingAllowed: false })
          .where(eq(s.organisations.id, organisation.id));
        try {
          await expectNotAllowed(order.reference, 'REBOOK_DISABLED');
        } finally {
          await db
            .update(s.organisations)
            .set({ rebookingAllowed: true })
            .where(eq(s.organisations.id, organisation.id));
        }
      });

      it('for a cancelled order and an unpaid one', async () => {
        const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
        await db.update(s.orders).set({ status: 'CANCELLED' }).where(eq(s.orders.id, order.id));
        await expectNotAllowed(order.reference, 'REBOOK_NOT_PAID');
        const unpaid = await book(app, shop.product.id, shop.plot.id, 1);
        await expectNotAllowed((await orderByHash(db, unpaid.order.hash)).reference, 'REBOOK_NOT_PAID');
      });
    });

    it('is limited per client IP', async () => {
      const ip = nextIp();
      // A reference of its own per request: one reference has a budget of its own.
      const body = (n: number) => ({
        order: { id: unknownReference(100 + n), email: 'ada@example.test' },
        secret: SHOP_SECRET,
      });
      for (let attempt = 0; attempt < REBOOK_VALIDATE_LIMIT.max; attempt++)
        expect((await validate(app, body(attempt), ip)).statusCode).toBe(404);
      const limited = await validate(app, body(50), ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      // Another visitor is not affected.
      expect((await validate(app, body(51), nextIp())).statusCode).toBe(404);
    });

    it('answers a reference whose check digit is wrong like an unknown order, without counting it', async () => {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const digits = [...order.reference];
      // One mistyped digit.
      const typo = [...digits];
      typo[3] = String((Number(typo[3]) + 1) % 10);
      const typed = await validate(
        app,
        { order: { id: typo.join(''), email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      expect(typed.statusCode).toBe(404);
      expect(typed.json().error.code).toBe('REBOOK_NOT_FOUND');
      // The right reference with the right e-mail still opens it.
      const right = await validate(
        app,
        { order: { id: order.reference, email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      expect(right.statusCode).toBe(200);
    });

    it('gives orders placed one after another unrelated references (not sequential)', async () => {
      const first = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const second = await paidOrder(app, db, shop.product.id, shop.plot.id);
      expect(second.id).toBe(first.id + 1);
      for (const reference of [first.reference, second.reference]) expect(reference).toMatch(/^\d{11}$/);
      expect(Math.abs(Number(second.reference) - Number(first.reference))).toBeGreaterThan(10);
    });

    it('does not take the internal order id for the order number', async () => {
      const order = await paidOrder(app, db, shop.product.id, shop.plot.id);
      const byId = await validate(
        app,
        { order: { id: order.id, email: 'ada@example.test' }, secret: SHOP_SECRET },
        nextIp(),
      );
      expect(byId.statusCode).toBe(404);
    });
  });

  describe('failed lookups per order reference (TRUST_PROXY set)', () => {
    let proxied: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' }, { now: () => clock });
    });
    afterAll(() => proxied.close());

    const fromVisitor = (body: Record<string, unknown>, visitor: number) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/rebook/validate',
        payload: body,
        remoteAddress: '10.1.1.1',
        headers: { 'x-forwarded-for': `198.51.100.${visitor}` },
      });

    it('refuses the 11th wrong lookup of one reference from 11 IPs, even with the right e-mail', async () => {
      const proxiedShop = await rebookingShop(proxied.db);
      const product = await slotProduct(proxied.db, proxiedShop.id, 1000);
      const order = await paidOrder(proxied.app, proxied.db, product.product.id, product.plot.id);
      const wrong = { order: { id: order.reference, email: 'eve@example.test' }, secret: SHOP_SECRET };
      for (let visitor = 1; visitor <= REBOOK_REFERENCE_LIMIT.max; visitor++)
        expect((await fromVisitor(wrong, visitor)).statusCode).toBe(404);
      const eleventh = await fromVisitor(wrong, 11);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().error.code).toBe('RATE_LIMITED');
      // Locked for everyone, so a hit cannot be told from a miss…
      const right = { order: { id: order.reference, email: 'ada@example.test' }, secret: SHOP_SECRET };
      expect((await fromVisitor(right, 12)).statusCode).toBe(429);
      // …until the last hour's lookups have faded below the limit (a sliding window, decision 0274).
      clock = new Date(START.getTime() + 1.5 * REBOOK_REFERENCE_LIMIT.windowMs);
      expect((await fromVisitor(right, 13)).statusCode).toBe(200);
    });
  });
});
