import { normaliseVoucherCode } from '@kassa/domain/rules/voucher-code';
import { VOUCHER_CODE_ALPHABET } from '@kassa/domain/rules/issued-voucher-code';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createAddition } from '../orders/order-fixtures.ts';
import { customer, datedShow, pdfPageCount, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { settlePayment } from '../../engine/settlement/settle-payment.ts';
import { ORDER_KIND_PLANS } from '../../wiring/order-kinds.ts';

const START = new Date('2026-06-01T10:00:00Z');

describe('POST /api/vouchers: gift vouchers for sale', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let voucherId: number;
  let value25: number;
  let value100: number;
  let limited: number;
  let show: Show;
  let clock = START;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    const organisation = await createOrganisation(db, { name: 'Gift Kassa', themeColour: '#d35400' });
    organisationId = organisation.id;
    await createAddition(db, organisationId, { amountCents: 150, type: 0 });
    await createAddition(db, organisationId, { amountCents: 900, type: 1 });
    const voucher = await createVoucher(db, organisationId, {
      minQuantity: 2,
      maxQuantity: 5,
      validityDays: 365,
      image: '/media/gift-card.svg',
    });
    voucherId = voucher.id;
    value25 = (await createVoucherValue(db, voucherId, { priceCents: 2500, creditCents: 2500 })).id;
    value100 = (await createVoucherValue(db, voucherId, { priceCents: 9500, creditCents: 10000 })).id;
    limited = (
      await createVoucherValue(db, voucherId, { priceCents: 5000, creditCents: 5000, availability: 2 })
    ).id;
    show = await datedShow(db, organisationId, 50);
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  const order = (body: Record<string, unknown>, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/vouchers',
      payload: { customer, voucher: { id: voucherId }, ...body },
      headers: key ? { 'idempotency-key': key } : {},
    });
  const codesOf = async (orderHash: string) =>
    db
      .select({
        code: s.issuedVouchers.code,
        balance: s.issuedVouchers.balanceCents,
        expires: s.issuedVouchers.expiresAt,
      })
      .from(s.issuedVouchers)
      .innerJoin(s.orders, eq(s.orders.id, s.issuedVouchers.orderId))
      .where(eq(s.orders.hash, orderHash));

  it('prices on the server: tampered client prices are ignored, additions of type 0 are added', async () => {
    const simulated = await order({
      simulate: true,
      values: [
        { id: value25, quantity: 1, price: 0.01 },
        { id: value100, quantity: 1, price: 0.01 },
      ],
      total: 0.02,
    });
    expect(simulated.statusCode).toBe(200);
    expect(simulated.json().response).toMatchObject({
      order: { status: 'SIMULATED', hash: null, invoice: false },
      payment: null,
      priceInfo: { productPrice: 120, discount: 0, additions: 1.5, total: 121.5 },
    });
    const placed = await order({
      values: [
        { id: value25, quantity: 1 },
        { id: value100, quantity: 1 },
      ],
    });
    expect(placed.json().response.order.status).toBe('PENDING');
    const [row] = await db
      .select()
      .from(s.orders)
      .where(eq(s.orders.hash, placed.json().response.order.hash));
    expect(row).toMatchObject({
      kind: 'VOUCHER',
      subtotalCents: 12000,
      additionsCents: 150,
      totalCents: 12150,
    });
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.orderId, row!.id));
    expect(payment).toMatchObject({ amountCents: 12150, gateway: 'test', status: 'OPEN' });
  });

  it('refuses quantities outside min/max, values of another voucher and sends nothing half-written', async () => {
    const before = (await db.select().from(s.orders)).length;
    const tooFew = await order({ values: [{ id: value25, quantity: 1 }] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().error.code).toBe('INVALID_QUANTITY');
    const tooMany = await order({ values: [{ id: value25, quantity: 6 }] });
    expect(tooMany.json().error.code).toBe('INVALID_QUANTITY');
    const other = await createVoucher(db, organisationId);
    const foreign = await createVoucherValue(db, other.id);
    const wrong = await order({ values: [{ id: foreign.id, quantity: 2 }] });
    expect(wrong.json().error.code).toBe('VOUCHER_VALUE_NOT_AVAILABLE');
    const unknownVoucher = await order({ voucher: { id: 999_999 }, values: [{ id: value25, quantity: 2 }] });
    expect(unknownVoucher.json().error.code).toBe('VOUCHER_NOT_AVAILABLE');
    expect((await db.select().from(s.orders)).length).toBe(before);
  });

  it('sells a limited value until it is sold out (unpaid holds count), then answers 409 VOUCHER_SOLD_OUT', async () => {
    const first = await order({ values: [{ id: limited, quantity: 2 }] });
    expect(first.statusCode).toBe(200);
    const soldOut = await order({
      values: [
        { id: limited, quantity: 1 },
        { id: value25, quantity: 1 },
      ],
    });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.code).toBe('VOUCHER_SOLD_OUT');
    const detail = (await app.inject(`/api/vouchers/${voucherId}`)).json();
    expect(detail.values.find((value: { id: number }) => value.id === limited).availability).toBe(0);
  });

  it('answers a replayed Idempotency-Key with the same order and payment', async () => {
    const body = { values: [{ id: value25, quantity: 2 }] };
    const first = (await order(body, 'voucher-key-1')).json().response;
    const again = (await order(body, 'voucher-key-1')).json().response;
    expect(again.order.hash).toBe(first.order.hash);
    expect(again.payment.hash).toBe(first.payment.hash);
    const rows = await db.select().from(s.orders).where(eq(s.orders.idempotencyKey, 'voucher-key-1'));
    expect(rows).toHaveLength(1);
  });

  it('issues the codes once on payment, however often it is reported, and mails one gift card per code', async () => {
    const placed = (
      await order({
        values: [
          { id: value25, quantity: 1 },
          { id: value100, quantity: 2 },
        ],
      })
    ).json().response;
    expect(await codesOf(placed.order.hash)).toHaveLength(0);
    const outcome = {
      status: 'PAID' as const,
      payment: { hash: placed.payment.hash },
      eventId: 'evt-gift-1',
    };
    const reports = [];
    for (let replay = 0; replay < 5; replay += 1)
      reports.push(await settlePayment(db, ORDER_KIND_PLANS, ['test'], outcome, START));
    reports.push(
      ...(await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          settlePayment(
            db,
            ORDER_KIND_PLANS,
            ['test'],
            { ...outcome, eventId: `evt-gift-${index + 2}` },
            START,
          ),
        ),
      )),
    );
    expect(reports.filter((report) => report.kind === 'PAID')).toHaveLength(1);
    const codes = await codesOf(placed.order.hash);
    expect(codes.map((code) => code.balance).sort()).toEqual([10000, 10000, 2500]);
    for (const code of codes) {
      expect(code.code).toMatch(/^KSA(-[2-9A-HJ-NP-Z]{4}){4}-[2-9A-HJ-NP-Z]$/);
      expect(code.expires?.toISOString()).toBe('2027-06-01T10:00:00.000Z');
    }
    const sent = await test.deliverMail();
    expect(sent.sent).toBe(1);
    const mail = mailer.sent[0]!;
    expect(mail.to).toMatchObject({ address: customer.email });
    expect(mail.text).toContain(codes[0]!.code);
    const pdf = mail.attachments![0]!.content as Buffer;
    expect(pdfPageCount(pdf)).toBe(3);
    const download = await app.inject(`/api/orders/${placed.order.hash}/gift-cards.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const status = (await app.inject(`/api/orders/${placed.order.hash}/status`)).json().response;
    expect(status).toMatchObject({ status: 'PAID', ticketsUrl: null });
    expect(status.giftCardsUrl).toContain('gift-cards.pdf');
    // One gift voucher item with a line per value (the receipt, decision 0186).
    expect(status.order.receipt.items).toHaveLength(1);
    expect(status.order.receipt.items[0].lines).toHaveLength(2);
  });

  it('issues nothing for an unpaid, failed or refunded payment, and no PDF before payment', async () => {
    const placed = (await order({ values: [{ id: value25, quantity: 2 }] })).json().response;
    await pressTestPage(app, placed.payment.hash, 'fail');
    expect(await codesOf(placed.order.hash)).toHaveLength(0);
    const early = await app.inject(`/api/orders/${placed.order.hash}/gift-cards.pdf`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('GIFT_CARDS_NOT_AVAILABLE');
  });

  it('finds a new code on the check page, refuses a one-character typo without a lookup, and spends it as a VOUCHER coupon', async () => {
    const placed = (await order({ values: [{ id: value25, quantity: 2 }] })).json().response;
    await pressTestPage(app, placed.payment.hash, 'pay');
    const [issued] = await codesOf(placed.order.hash);
    const code = issued!.code;
    const check = await app.inject(`/api/voucher/check/${encodeURIComponent(code.toLowerCase())}`);
    expect(check.json()).toMatchObject({ credit: 25, expiration: '2027-06-01', expired: false });
    const normalised = normaliseVoucherCode(code);
    const last = normalised.at(-2)!;
    const typo =
      normalised.slice(0, -2) +
      VOUCHER_CODE_ALPHABET[(VOUCHER_CODE_ALPHABET.indexOf(last) + 1) % 32] +
      normalised.at(-1);
    const wrong = await app.inject(`/api/voucher/check/${typo}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('VOUCHER_NOT_FOUND');
    const coupon = await app.inject({
      method: 'POST',
      url: '/api/coupon',
      payload: { type: 'PRODUCT', product: [show.product.id], code, coupons: [] },
    });
    expect(coupon.json().response).toMatchObject({ type: 'VOUCHER' });
  });

  it('spends part of a code on a product order and leaves the rest; two orders at once never spend it below 0', async () => {
    const placed = (await order({ values: [{ id: value25, quantity: 2 }] })).json().response;
    await pressTestPage(app, placed.payment.hash, 'pay');
    const [issued] = await codesOf(placed.order.hash);
    const productOrder = () =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customer,
          coupon: [issued!.code],
          orders: [
            {
              product: { id: show.product.id, plot: show.plot.id },
              audiences: { [show.adult.id]: { id: show.adult.id, quantity: 1 } },
            },
          ],
        },
      });
    // One adult ticket of €15 from €25 of credit: €10 stays on the code.
    const first = await productOrder();
    expect(first.statusCode).toBe(200);
    expect(first.json().response.orders[0].priceInfo.discount).toBe(15);
    const after = (await app.inject(`/api/voucher/check/${encodeURIComponent(issued!.code)}`)).json();
    expect(after.credit).toBe(10);
    const racing = await Promise.all([productOrder(), productOrder()]);
    expect(racing.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const [row] = await db.select().from(s.issuedVouchers).where(eq(s.issuedVouchers.code, issued!.code));
    expect(row!.balanceCents).toBe(0);
  });

  it('a payment after the hold lapsed gets the last codes only if they are still free, else it is refunded', async () => {
    const late = (
      await createVoucherValue(db, voucherId, { priceCents: 3000, creditCents: 3000, availability: 2 })
    ).id;
    const first = (await order({ values: [{ id: late, quantity: 2 }] })).json().response;
    // The hold lapses (30 minutes); someone else buys the two codes and pays.
    clock = new Date(START.getTime() + 31 * 60_000);
    const second = (await order({ values: [{ id: late, quantity: 2 }] })).json().response;
    expect((await pressTestPage(app, second.payment.hash, 'pay')).statusCode).toBeLessThan(400);
    const paidLate = await settlePayment(
      db,
      ORDER_KIND_PLANS,
      ['test'],
      { status: 'PAID', payment: { hash: first.payment.hash } },
      clock,
    );
    expect(paidLate.kind).toBe('REFUND_REQUIRED');
    expect(await codesOf(first.order.hash)).toHaveLength(0);
    expect(await codesOf(second.order.hash)).toHaveLength(2);
    clock = START;
  });

  it('refuses a booking-to-voucher request with an unknown link, without writing anything', async () => {
    const response = await order({ values: [{ id: value25, quantity: 2 }], rebook: 'x', rebook_secret: 'y' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().ok).toBe(false);
  });

  it('answers 404 for POST /api/vouchers no more (the issue: it used to)', async () => {
    const response = await order({ simulate: true, values: [{ id: value25, quantity: 2 }] });
    expect(response.statusCode).toBe(200);
  });
});
