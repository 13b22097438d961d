import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import {
  createAudience,
  createClient,
  createCoupon,
  createOrganisation,
  createPlot,
  createProduct,
  createSubscription,
  createUpsell,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  createAddition,
  createClientSubscription,
  createField,
  createIssuedVoucher,
  linkUpsell,
} from './order-fixtures.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';

const START = new Date('2026-06-01T10:00:00Z');
const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} };

describe('POST /api/orders', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let clock = START;
  let organisation: typeof s.organisations.$inferSelect;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    ({ app, db } = test);
    organisation = await createOrganisation(db, { holdMinutes: 15, reservationDays: 3 });
  });
  afterAll(() => test.close());
  beforeEach(() => {
    clock = START;
  });

  const order = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { action: 'pay', customer, ...body },
      headers,
    });

  async function countRows() {
    const [orders] = await db.select({ n: count() }).from(s.orders);
    const [lines] = await db.select({ n: count() }).from(s.orderLines);
    const [holds] = await db.select({ n: count() }).from(s.capacityHolds);
    const [payments] = await db.select({ n: count() }).from(s.payments);
    return { orders: orders!.n, lines: lines!.n, holds: holds!.n, payments: payments!.n };
  }

  async function openProduct(
    values: Partial<typeof s.products.$inferInsert> = {},
    capacity: number | null = 10,
  ) {
    const product = await createProduct(db, organisation.id, { priceCents: 1000, ...values });
    const plot = await createPlot(db, product.id, { capacity });
    return { product, plot };
  }

  describe('pricing', () => {
    it('recomputes prices from the database and ignores tampered client prices', async () => {
      const { product, plot } = await openProduct({ priceCents: 1250 });
      const upsell = await createUpsell(db, organisation.id, { priceCents: 300 });
      await linkUpsell(db, product.id, upsell.id);
      const response = await order({
        orders: [
          {
            product: { id: product.id, plot: plot.id, quantity: 2 },
            upsells: { [upsell.id]: { id: upsell.id, quantity: 1, price: 0.01 } },
            audiences: {},
            prices: { total: 0.01 },
          },
        ],
      });
      expect(response.statusCode).toBe(200);
      const [answer] = response.json().response.orders;
      expect(answer.order.status).toBe('PENDING');
      expect(answer.priceInfo).toEqual({ productPrice: 28, discount: 0, additions: 0 });
      expect(answer.payment).toMatchObject({ gateway: 'test', type: 'REDIRECT' });
      expect(answer.payment.transaction.response.url).toBe(`/pay/test/${answer.payment.hash}`);
      const [stored] = await db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
      expect(stored).toMatchObject({
        totalCents: 2800,
        status: 'PENDING',
        expiresAt: new Date(START.getTime() + 15 * 60_000),
      });
      const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, answer.payment.hash));
      expect(payment).toMatchObject({ status: 'OPEN', amountCents: 2800, orderId: stored!.id });
      expect(answer.order.hash.length).toBeGreaterThanOrEqual(22);
    });

    it('prices audiences with plot audience prices on a dated plot', async () => {
      const product = await createProduct(db, organisation.id, {
        priceType: 'AUDIENCE',
        hasDays: true,
        minQuantity: 1,
      });
      const adult = await createAudience(db, { productId: product.id, priceCents: 1500 });
      const child = await createAudience(db, { productId: product.id, priceCents: 700, dependant: true });
      const plot = await createPlot(db, product.id, { date: '2026-06-10', capacity: 20 });
      await db
        .insert(s.plotAudiencePrices)
        .values({ plotId: plot.id, audienceId: adult.id, priceCents: 1800 });
      const response = await order({
        orders: [
          {
            product: { id: product.id, plot: plot.id },
            audiences: {
              [adult.id]: { id: adult.id, quantity: 2 },
              [child.id]: { id: child.id, quantity: 1 },
            },
          },
        ],
      });
      expect(response.json().response.orders[0].priceInfo.productPrice).toBe(43);
      const holds = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.plotId, plot.id));
      expect(holds.map((hold) => hold.quantity)).toEqual([3]);
    });

    it('takes a donation amount from the visitor, rounded to cents and never negative', async () => {
      const { product, plot } = await openProduct({ priceCents: 1000 });
      const donation = await createUpsell(db, organisation.id, { upsellType: 'DONATION', priceCents: 0 });
      await linkUpsell(db, product.id, donation.id);
      const item = (price: number) => ({
        product: { id: product.id, plot: plot.id, quantity: 1 },
        upsells: { [donation.id]: { id: donation.id, quantity: 1, price } },
      });
      expect((await order({ orders: [item(5.555)] })).json().response.orders[0].priceInfo.productPrice).toBe(
        15.56,
      );
      expect((await order({ orders: [item(-20)] })).json().response.orders[0].priceInfo.productPrice).toBe(
        10,
      );
    });

    it('applies a coupon to tickets and adds type 0 additions once per order', async () => {
      const addition = await createAddition(db, organisation.id, { amountCents: 150, type: 0 });
      const rebookFee = await createAddition(db, organisation.id, { amountCents: 999, type: 1 });
      const { product, plot } = await openProduct({ priceCents: 2000 });
      const second = await openProduct({ priceCents: 1000 });
      await createCoupon(db, organisation.id, { code: 'TENOFF', kind: 'PERCENTAGE', value: 1000 });
      const response = await order({
        coupon: ['tenoff', 'TENOFF'],
        orders: [
          { product: { id: product.id, plot: plot.id, quantity: 2 } },
          { product: { id: second.product.id, plot: second.plot.id, quantity: 1 } },
        ],
      });
      const answers = response.json().response.orders;
      expect(answers.map((answer: { priceInfo: unknown }) => answer.priceInfo)).toEqual([
        { productPrice: 40, discount: 4, additions: 1.5 },
        { productPrice: 10, discount: 1, additions: 0 },
      ]);
      expect(answers[0].order.hash).toBe(answers[1].order.hash);
      const [stored] = await db.select().from(s.orders).where(eq(s.orders.hash, answers[0].order.hash));
      expect(stored).toMatchObject({
        subtotalCents: 5000,
        discountCents: 500,
        additionsCents: 150,
        totalCents: 4650,
        couponCodes: ['TENOFF'],
      });
      const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, 'TENOFF'));
      expect(coupon!.uses).toBe(1);
      await db.delete(s.organisationAdditions).where(eq(s.organisationAdditions.id, addition.id));
      await db.delete(s.organisationAdditions).where(eq(s.organisationAdditions.id, rebookFee.id));
    });

    it('discounts only max_ticket_amount tickets across the cart, the most expensive first', async () => {
      const cheap = await openProduct({ priceCents: 500 });
      const dear = await openProduct({ priceCents: 3000 });
      await createCoupon(db, organisation.id, {
        code: 'TWOHALF',
        kind: 'PERCENTAGE',
        value: 5000,
        maxTicketAmount: 2,
      });
      const response = await order({
        coupon: ['twohalf'],
        orders: [
          { product: { id: cheap.product.id, plot: cheap.plot.id, quantity: 3 } },
          { product: { id: dear.product.id, plot: dear.plot.id, quantity: 1 } },
        ],
      });
      const discounts = response
        .json()
        .response.orders.map((answer: { priceInfo: { discount: number } }) => answer.priceInfo.discount);
      expect(discounts).toEqual([2.5, 15]);
    });

    it('re-validates coupons: an expired one fails the order', async () => {
      const { product, plot } = await openProduct();
      await createCoupon(db, organisation.id, {
        code: 'STALE',
        validUntil: new Date('2026-01-01T00:00:00Z'),
      });
      const response = await order({
        coupon: ['stale'],
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'COUPON_NOT_VALID',
        error_info: expect.stringMatching(/expired/),
      });
    });

    it('pays with voucher credit: a fully covered order is paid at once without a transaction', async () => {
      const { product, plot } = await openProduct({ priceCents: 1000 });
      const voucher = await createIssuedVoucher(db, organisation.id, {
        code: 'FULL-COVER-0001',
        balanceCents: 5000,
      });
      const response = await order({
        coupon: ['full-cover-0001'],
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 2 } }],
      });
      const [answer] = response.json().response.orders;
      expect(answer.order.status).toBe('PAID');
      expect(answer.payment.transaction).toBe(false);
      expect(answer.priceInfo).toEqual({ productPrice: 20, discount: 20, additions: 0 });
      const [after] = await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.id, voucher.id));
      expect(after!.balanceCents).toBe(3000);
      const [hold] = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.plotId, plot.id));
      expect(hold).toMatchObject({ status: 'PAID', expiresAt: null });
    });

    it('spends partial voucher credit at once and gives it back when the unpaid order expires', async () => {
      const { product, plot } = await openProduct({ priceCents: 1000 });
      const voucher = await createIssuedVoucher(db, organisation.id, {
        code: 'PART-CRED-0001',
        balanceCents: 600,
      });
      const item = [{ product: { id: product.id, plot: plot.id, quantity: 2 } }];
      const [answer] = (await order({ coupon: ['PART-CRED-0001'], orders: item })).json().response.orders;
      expect(answer).toMatchObject({
        order: { status: 'PENDING' },
        priceInfo: { productPrice: 20, discount: 6 },
      });
      const balance = async () =>
        (await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.id, voucher.id)))[0]!
          .balanceCents;
      expect(await balance()).toBe(0);
      expect((await order({ coupon: ['PART-CRED-0001'], orders: item })).json().error.code).toBe(
        'COUPON_NOT_VALID',
      );
      clock = new Date(START.getTime() + 60 * 60_000);
      expect((await sweepExpiredOrders(db, clock)).vouchers).toBe(1);
      expect(await balance()).toBe(600);
    });

    it('gives a limited coupon its use back when the unpaid order expires', async () => {
      const { product, plot } = await openProduct({ priceCents: 1000 });
      await createCoupon(db, organisation.id, { code: 'ONCEONLY', kind: 'AMOUNT', value: 200, maxUses: 1 });
      const item = [{ product: { id: product.id, plot: plot.id, quantity: 1 } }];
      expect((await order({ coupon: ['onceonly'], orders: item })).json().response.orders[0]).toMatchObject({
        order: { status: 'PENDING' },
        priceInfo: { discount: 2 },
      });
      expect((await order({ coupon: ['ONCEONLY'], orders: item })).json().error.code).toBe(
        'COUPON_NOT_VALID',
      );
      clock = new Date(START.getTime() + 60 * 60_000);
      expect((await sweepExpiredOrders(db, clock)).coupons).toBe(1);
      const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, 'ONCEONLY'));
      expect(coupon!.uses).toBe(0);
      expect((await order({ coupon: ['ONCEONLY'], orders: item })).json().response.orders[0]).toMatchObject({
        priceInfo: { discount: 2 },
      });
    });
  });

  describe('subscription redemption', () => {
    it('makes the tickets of an eligible online subscription free and takes its redemptions', async () => {
      const { product, plot } = await openProduct({ priceCents: 1200 });
      const client = await createClient(db, organisation.id);
      const subscription = await createSubscription(db, organisation.id, {
        type: 'ONLINE',
        productIds: [product.id],
      });
      const pass = await createClientSubscription(db, client.id, subscription.id, {
        availableRedemptions: 3,
      });
      const item = (quantity: number) => [
        { product: { id: product.id, plot: plot.id, quantity }, subscription: pass.token },
      ];
      const asClient = { customer: { ...customer, token: client.token } };
      const [answer] = (await order({ ...asClient, orders: item(2) })).json().response.orders;
      expect(answer).toMatchObject({
        order: { status: 'PAID' },
        priceInfo: { productPrice: 0 },
        payment: { transaction: false },
      });
      const [after] = await db
        .select()
        .from(s.clientSubscriptions)
        .where(eq(s.clientSubscriptions.id, pass.id));
      expect(after!.availableRedemptions).toBe(1);
      const tooMany = await order({ ...asClient, orders: item(2) });
      expect(tooMany.json().error).toMatchObject({
        code: 'SUBSCRIPTION_NOT_ELIGIBLE',
        error_info: expect.stringMatching(/redemptions/),
      });
    });

    it('refuses physical passes and products the subscription does not include', async () => {
      const { product, plot } = await openProduct();
      const client = await createClient(db, organisation.id);
      const physical = await createSubscription(db, organisation.id, {
        type: 'PHYSICAL',
        productIds: [product.id],
      });
      const elsewhere = await createSubscription(db, organisation.id, {
        type: 'ONLINE',
        productIds: [987_654],
      });
      for (const subscription of [physical, elsewhere]) {
        const pass = await createClientSubscription(db, client.id, subscription.id);
        const response = await order({
          customer: { ...customer, token: client.token },
          orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 }, subscription: pass.token }],
        });
        expect(response.json().error.code).toBe('SUBSCRIPTION_NOT_ELIGIBLE');
      }
    });

    it('refuses a pass token sent anonymously or by another client: a token alone is no bearer key', async () => {
      const { product, plot } = await openProduct({ priceCents: 1500 });
      const holder = await createClient(db, organisation.id);
      const stranger = await createClient(db, organisation.id);
      const subscription = await createSubscription(db, organisation.id, {
        type: 'ONLINE',
        productIds: [product.id],
      });
      const pass = await createClientSubscription(db, holder.id, subscription.id, {
        availableRedemptions: 5,
      });
      const orders = [{ product: { id: product.id, plot: plot.id, quantity: 1 }, subscription: pass.token }];
      const before = await countRows();
      for (const token of [undefined, stranger.token, 'not-a-session']) {
        const response = await order({ customer: { ...customer, token }, orders });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'SUBSCRIPTION_NOT_ELIGIBLE',
          error_info: 'The subscription was not found.',
        });
      }
      expect(await countRows()).toEqual(before);
      const [untouched] = await db
        .select()
        .from(s.clientSubscriptions)
        .where(eq(s.clientSubscriptions.id, pass.id));
      expect(untouched!.availableRedemptions).toBe(5);
      const own = await order({ customer: { ...customer, token: holder.token }, orders });
      expect(own.json().response.orders[0].priceInfo.productPrice).toBe(0);
    });
  });

  describe('validation', () => {
    it('names every failing field, per type, in error_info', async () => {
      const { product, plot } = await openProduct();
      const fields = {
        phone: await createField(db, organisation.id, { type: 'PHONE', required: true }),
        number: await createField(db, organisation.id, { type: 'NUMBER' }),
        date: await createField(db, organisation.id, { type: 'DATE' }),
        terms: await createField(db, organisation.id, { type: 'CHECKBOX', required: true }),
        size: await createField(db, organisation.id, {
          type: 'DROPDOWN',
          options: [{ value: 'S', label: { en: 'Small' } }],
        }),
        confirm: await createField(db, organisation.id, { type: 'EMAIL_CONFIRM', required: true }),
        other: await createField(db, organisation.id, {
          type: 'TEXT',
          required: true,
          restrictProducts: [999_999],
        }),
      };
      try {
        const response = await order({
          customer: {
            ...customer,
            first_name: ' ',
            email: 'ada@example',
            fields: {
              [fields.phone.id]: '12',
              [fields.number.id]: '1.234',
              [fields.date.id]: '2026-02-30',
              [fields.terms.id]: false,
              [fields.size.id]: 'XL',
              [fields.confirm.id]: 'bob@example.test',
            },
          },
          orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
        });
        expect(response.statusCode).toBe(400);
        const { code, error_info: info } = response.json().error;
        expect(code).toBe('VALIDATION_ERROR');
        expect(info.split(', ').sort()).toEqual(
          [
            'first_name: REQUIRED',
            'email: INVALID_EMAIL',
            `${fields.phone.id}: INVALID_PHONE`,
            `${fields.number.id}: INVALID_NUMBER`,
            `${fields.date.id}: INVALID_DATE`,
            `${fields.terms.id}: REQUIRED`,
            `${fields.size.id}: INVALID_OPTION`,
            `${fields.confirm.id}: EMAIL_MISMATCH`,
          ].sort(),
        );
        expect(info).not.toContain(`${fields.other.id}:`);
        const mismatch = await order({
          customer: {
            ...customer,
            fields: {
              [fields.phone.id]: '+31 20 123 4567',
              [fields.terms.id]: true,
              [fields.confirm.id]: 'ADA@example.test ',
              [fields.size.id]: 'S',
            },
          },
          orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
        });
        expect(mismatch.statusCode).toBe(200);
      } finally {
        for (const field of Object.values(fields)) await db.delete(s.fields).where(eq(s.fields.id, field.id));
      }
    });

    it('accepts a phone number of 10 to 15 digits whatever the order language', async () => {
      const { product, plot } = await openProduct();
      const phone = await createField(db, organisation.id, { type: 'PHONE', required: true });
      try {
        const item = [{ product: { id: product.id, plot: plot.id, quantity: 1 } }];
        for (const [language, number] of [
          ['es', '06 12345678'],
          ['es', '0031 6 1234 5678'],
          ['fr', '1234567890'],
          ['es', '1234567890'],
          ['de', '+123456789012345'],
        ] as const) {
          const response = await order({
            language,
            customer: { ...customer, fields: { [phone.id]: number } },
            orders: item,
          });
          expect({ language, number, status: response.statusCode, body: response.json() }).toMatchObject({
            status: 200,
            body: { ok: true },
          });
        }
      } finally {
        await db.delete(s.fields).where(eq(s.fields.id, phone.id));
      }
    });

    it('validates company fields only when the company box is ticked', async () => {
      const { product, plot } = await openProduct();
      const vat = await createField(db, organisation.id, { type: 'VAT_ID', required: true, isDefault: true });
      try {
        const item = [{ product: { id: product.id, plot: plot.id, quantity: 1 } }];
        expect((await order({ orders: item })).statusCode).toBe(200);
        const business = await order({ customer: { ...customer, company: 'Acme' }, orders: item });
        expect(business.json().error).toMatchObject({
          code: 'VALIDATION_ERROR',
          error_info: 'vat_id: REQUIRED',
        });
      } finally {
        await db.delete(s.fields).where(eq(s.fields.id, vat.id));
      }
    });

    it('refuses quantities outside the product limits and unknown products without writing', async () => {
      const { product, plot } = await openProduct({ minQuantity: 2, maxQuantity: 4 });
      const before = await countRows();
      for (const quantity of [1, 5]) {
        const response = await order({ orders: [{ product: { id: product.id, plot: plot.id, quantity } }] });
        expect(response.json().error.code).toBe('INVALID_QUANTITY');
      }
      expect((await order({ orders: [{ product: { id: 987_654, quantity: 1 } }] })).json().error.code).toBe(
        'PRODUCT_NOT_AVAILABLE',
      );
      const draft = await createProduct(db, organisation.id, { state: 'DRAFT' });
      expect((await order({ orders: [{ product: { id: draft.id, quantity: 1 } }] })).json().error.code).toBe(
        'PRODUCT_NOT_AVAILABLE',
      );
      expect(await countRows()).toEqual(before);
    });

    it('caps plain quantities at 999 without a capacity limit and refuses totals too large to store', async () => {
      const { product, plot } = await openProduct({ capacityType: 'NONE', priceCents: 100_000_000 }, null);
      const item = (quantity: number) => [{ product: { id: product.id, plot: plot.id, quantity } }];
      expect((await order({ orders: item(1000) })).json().error.code).toBe('INVALID_QUANTITY');
      const huge = await order({ orders: item(999) });
      expect(huge.statusCode).toBe(400);
      expect(huge.json().error.code).toBe('ORDER_TOO_LARGE');
    });

    it('answers malformed bodies with 400 VALIDATION_ERROR, never 500', async () => {
      for (const payload of [
        {},
        { customer, orders: [] },
        { customer, orders: [{ product: { id: -1 } }] },
        { customer, orders: 'x' },
      ]) {
        const response = await app.inject({ method: 'POST', url: '/api/orders', payload });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('capacity', () => {
    it('answers 409 NOT_ENOUGH_CAPACITY naming the product and date, and writes nothing', async () => {
      const product = await createProduct(db, organisation.id, {
        hasDays: true,
        title: { en: 'Canal tour' },
      });
      const plot = await createPlot(db, product.id, {
        date: '2026-06-12',
        startTime: '14:30:00',
        capacity: 3,
      });
      const item = (quantity: number) => ({ product: { id: product.id, plot: plot.id, quantity } });
      expect((await order({ orders: [item(2)] })).statusCode).toBe(200);
      const before = await countRows();
      const response = await order({ orders: [item(2)] });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'NOT_ENOUGH_CAPACITY',
        error_info: 'Canal tour on 2026-06-12 at 14:30: 1 left',
      });
      expect(await countRows()).toEqual(before);
      expect((await order({ orders: [item(1)] })).statusCode).toBe(200);
    });

    it('refuses past days and slots that have started, in the organisation time zone', async () => {
      const product = await createProduct(db, organisation.id, { hasDays: true, hasTimeslots: true });
      // START is 12:00 in Europe/Amsterdam (UTC+2 in June).
      const yesterday = await createPlot(db, product.id, { date: '2026-05-31' });
      const started = await createPlot(db, product.id, { date: '2026-06-01', startTime: '11:30:00' });
      const later = await createPlot(db, product.id, { date: '2026-06-01', startTime: '12:30:00' });
      const unselectable = await createPlot(db, product.id, { date: '2026-06-05', selectable: false });
      for (const [plot, code] of [
        [yesterday, 'SALES_ENDED'],
        [started, 'SALES_ENDED'],
        [unselectable, 'PLOT_NOT_AVAILABLE'],
      ] as const) {
        const response = await order({
          orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe(code);
      }
      expect(
        (await order({ orders: [{ product: { id: product.id, plot: later.id, quantity: 1 } }] })).statusCode,
      ).toBe(200);
      expect(
        (await order({ orders: [{ product: { id: product.id, quantity: 1 } }] })).json().error.code,
      ).toBe('PLOT_NOT_AVAILABLE');
    });

    it('counts two cart items on the same plot together', async () => {
      const { product, plot } = await openProduct({}, 3);
      const item = { product: { id: product.id, plot: plot.id, quantity: 2 } };
      expect((await order({ orders: [item, item] })).statusCode).toBe(409);
    });

    it('refuses a plot that reached max_orders saying it takes no more bookings, not how many places are left', async () => {
      const product = await createProduct(db, organisation.id);
      const plot = await createPlot(db, product.id, { capacity: 5, maxOrders: 1 });
      const item = [{ product: { id: product.id, plot: plot.id, quantity: 1 } }];
      expect((await order({ orders: item })).statusCode).toBe(200);
      const refused = await order({ orders: item });
      expect(refused.statusCode).toBe(409);
      const { error } = refused.json();
      expect(error).toMatchObject({
        code: 'PLOT_MAX_ORDERS_REACHED',
        message: 'The chosen date or time slot takes no more bookings',
      });
      expect(error.error_info).toMatch(/takes no more bookings$/);
      expect(error.error_info).not.toMatch(/left/);
      // A plot short of places still says how many are left.
      const small = await createPlot(db, product.id, { capacity: 2, date: '2026-06-11' });
      const tooMany = await order({ orders: [{ product: { id: product.id, plot: small.id, quantity: 3 } }] });
      expect(tooMany.json().error).toMatchObject({ code: 'NOT_ENOUGH_CAPACITY' });
      expect(tooMany.json().error.error_info).toMatch(/: 2 left$/);
    });

    it('does not limit products without capacity', async () => {
      const { product, plot } = await openProduct({ capacityType: 'NONE' }, 1);
      expect(
        (await order({ orders: [{ product: { id: product.id, plot: plot.id, quantity: 5 } }] })).statusCode,
      ).toBe(200);
    });

    it('frees the seats of expired unpaid orders, and the sweeper marks them EXPIRED', async () => {
      const { product, plot } = await openProduct({}, 2);
      const item = [{ product: { id: product.id, plot: plot.id, quantity: 2 } }];
      const first = (await order({ orders: item })).json().response.orders[0];
      expect((await order({ orders: item })).statusCode).toBe(409);
      clock = new Date(START.getTime() + 16 * 60_000);
      expect(await sweepExpiredOrders(db, clock, 1)).toMatchObject({ orders: expect.any(Number) });
      const [expired] = await db.select().from(s.orders).where(eq(s.orders.hash, first.order.hash));
      expect(expired!.status).toBe('EXPIRED');
      const holds = await db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, expired!.id));
      expect(holds.map((hold) => hold.status)).toEqual(['RELEASED']);
      expect((await order({ orders: item })).statusCode).toBe(200);
      expect(await sweepExpiredOrders(db, clock)).toEqual({
        orders: 0,
        holds: 0,
        vouchers: 0,
        coupons: 0,
        redemptions: 0,
        plotIds: [],
      });
    });
  });

  describe('reserve', () => {
    it('reserves products that allow it until the reservation expires', async () => {
      const { product, plot } = await openProduct({ allowReservations: true });
      const response = await order({
        action: 'reserve',
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 2 } }],
      });
      const [answer] = response.json().response.orders;
      expect(answer).toMatchObject({ order: { status: 'RESERVED' }, payment: null });
      const [reservation] = await db
        .select()
        .from(s.reservations)
        .where(eq(s.reservations.hash, answer.order.hash));
      const expiry = new Date(START.getTime() + 3 * 24 * 60 * 60_000);
      expect(reservation!.expiresAt).toEqual(expiry);
      const [hold] = await db
        .select()
        .from(s.capacityHolds)
        .where(eq(s.capacityHolds.orderId, reservation!.orderId));
      expect(hold).toMatchObject({ status: 'RESERVED', expiresAt: expiry, quantity: 2 });
    });

    it('refuses to reserve a product without allow_reservations', async () => {
      const { product, plot } = await openProduct();
      const response = await order({
        action: 'reserve',
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('RESERVATION_NOT_ALLOWED');
    });
  });

  describe('idempotency and simulation', () => {
    it('answers a repeated Idempotency-Key with the same order and makes no second one', async () => {
      const { product, plot } = await openProduct();
      const body = { orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }] };
      const first = await order(body, { 'idempotency-key': 'click-1' });
      const second = await order(body, { 'idempotency-key': 'click-1' });
      expect(second.json()).toEqual(first.json());
      const [twins] = await db
        .select({ n: count() })
        .from(s.orders)
        .where(eq(s.orders.idempotencyKey, 'click-1'));
      expect(twins!.n).toBe(1);
    });

    it('answers a repeated reservation with the same reservation hash', async () => {
      const { product, plot } = await openProduct({ allowReservations: true });
      const body = {
        action: 'reserve',
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
      };
      const first = await order(body, { 'idempotency-key': 'reserve-1' });
      const second = await order(body, { 'idempotency-key': 'reserve-1' });
      expect(first.json().response.orders[0].order.status).toBe('RESERVED');
      expect(second.json()).toEqual(first.json());
    });

    it('refuses an unusable Idempotency-Key header', async () => {
      const { product, plot } = await openProduct();
      const response = await order(
        { orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }] },
        { 'idempotency-key': 'x'.repeat(201) },
      );
      expect(response.json().error.code).toBe('INVALID_IDEMPOTENCY_KEY');
    });

    it('makes one order from concurrent requests with the same key', async () => {
      const { product, plot } = await openProduct();
      const body = { orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }] };
      const answers = await Promise.all(
        [1, 2, 3].map(() => order(body, { 'idempotency-key': 'double-click' })),
      );
      const hashes = new Set(answers.map((answer) => answer.json().response.orders[0].order.hash));
      expect(hashes.size).toBe(1);
      const [twins] = await db
        .select({ n: count() })
        .from(s.orders)
        .where(eq(s.orders.idempotencyKey, 'double-click'));
      expect(twins!.n).toBe(1);
    });

    it('simulates with placeholder customer details without writing anything', async () => {
      const { product, plot } = await openProduct({ priceCents: 800 });
      const before = await countRows();
      const response = await order({
        customer: { first_name: '', last_name: '', email: '', fields: {} },
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 3 }, simulate: true }],
      });
      expect(response.json().response.orders[0]).toEqual({
        order: { status: 'SIMULATED', hash: null },
        payment: null,
        invoice: false,
        priceInfo: { productPrice: 24, discount: 0, additions: 0 },
      });
      expect(await countRows()).toEqual(before);
    });
  });
});
