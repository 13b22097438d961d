import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createVoucher, createVoucherValue } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { customer, datedShow, orderShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';

describe('withdrawing from a voucher purchase (decision 0254)', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let organisationId: number;
  let voucherId: number;
  let value25: number;
  let show: Show;
  let clock = new Date('2026-06-01T10:00:00Z');

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    const organisation = await createOrganisation(test.db, { name: 'Gift Kassa' });
    organisationId = organisation.id;
    voucherId = (await createVoucher(test.db, organisationId, { minQuantity: 1, maxQuantity: 5 })).id;
    value25 = (await createVoucherValue(test.db, voucherId, { priceCents: 2500, creditCents: 2500 })).id;
    show = await datedShow(test.db, organisationId, 50);
    await test.db.update(s.plots).set({ date: '2026-12-01' }).where(eq(s.plots.id, show.plot.id));
  });
  afterAll(() => test?.close());
  beforeEach(async () => {
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  /** A paid order of `quantity` vouchers of 25.00: its hash and codes. */
  async function paidVouchers(quantity: number, language = 'en') {
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/vouchers',
      payload: { customer, language, voucher: { id: voucherId }, values: [{ id: value25, quantity }] },
    });
    const { order, payment } = placed.json().response;
    await pressTestPage(test.app, payment.hash, 'pay');
    const codes = await test.db
      .select()
      .from(s.issuedVouchers)
      .innerJoin(s.orders, eq(s.orders.id, s.issuedVouchers.orderId))
      .where(eq(s.orders.hash, order.hash));
    return { hash: order.hash as string, codes: codes.map((row) => row.issued_vouchers) };
  }
  const view = (hash: string) => test.app.inject({ method: 'GET', url: `/api/withdrawal/${hash}` });
  const withdraw = (hash: string) =>
    test.app.inject({ method: 'POST', url: `/api/withdrawal/${hash}`, payload: { confirm: true } });

  it('withdraws within 14 days: full refund to the payment, codes ended, acknowledged by mail in the shop’s time', async () => {
    const { hash, codes } = await paidVouchers(2, 'de');
    // The purchase mail offers the withdrawal function, clearly labelled.
    await test.deliverMail();
    const purchase = mailer.sent.find((sent) => sent.text.includes('Vertrag widerrufen'))!;
    expect(purchase.text).toContain(`Vertrag widerrufen: https://shop.example/withdraw/${hash}?lang=de`);
    mailer.sent.length = 0;
    const before = (await view(hash)).json().response.withdrawal;
    expect(before).toMatchObject({ kind: 'VOUCHER', amount: 50, refusal: null, withdrawnAt: null });
    expect(before.items).toHaveLength(1);
    // Bought 1 June: the right ends at the end of 15 June, Amsterdam time.
    expect(before.deadline).toBe('2026-06-15T22:00:00.000Z');

    clock = new Date('2026-06-15T21:30:00Z');
    const done = await withdraw(hash);
    expect(done.statusCode).toBe(200);
    expect(done.json().response.withdrawal).toMatchObject({
      refusal: 'WITHDRAWAL_ALREADY_DONE',
      withdrawnAt: clock.toISOString(),
    });
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, hash));
    expect(order!.status).toBe('CANCELLED');
    const [refund] = await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, order!.id));
    expect(refund).toMatchObject({ method: 'original', amountCents: 5000, actor: 'visitor' });
    const ended = await test.db
      .select()
      .from(s.issuedVouchers)
      .where(eq(s.issuedVouchers.orderId, order!.id));
    expect(ended.map((code) => code.balanceCents)).toEqual([0, 0]);
    const [audit] = await test.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.orderId, order!.id), eq(s.auditLog.action, 'order.withdraw')));
    expect(audit).toBeDefined();

    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.includes('widerrufen'))!;
    expect(JSON.stringify(mail.to)).toContain(customer.email);
    // 21:30 UTC is 23:30 in Amsterdam in summer.
    expect(mail.text).toContain('15. Juni 2026 um 23:30');
    expect(mail.text).toContain('50,00');

    // The code no longer pays for anything.
    await expect(orderShow(test.app, show, 1, 0, { coupon: [codes[0]!.code] })).rejects.toThrow();
    // Once only.
    const again = await withdraw(hash);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'WITHDRAWAL_ALREADY_DONE']);
  });

  it('refuses a purchase of which a code was spent from', async () => {
    clock = new Date('2026-06-20T10:00:00Z');
    const { hash, codes } = await paidVouchers(1);
    expect((await view(hash)).json().response.withdrawal.refusal).toBeNull();
    await orderShow(test.app, show, 1, 0, { coupon: [codes[0]!.code] });
    // Told before trying: the withdrawal page says it was used.
    expect((await view(hash)).json().response.withdrawal.refusal).toBe('WITHDRAWAL_USED');
    const refused = await withdraw(hash);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'WITHDRAWAL_USED']);
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, hash));
    expect(order!.status).toBe('PAID');
    expect(await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, order!.id))).toEqual([]);
  });

  it('refuses after the 14 days, and for tickets of a dated visit', async () => {
    clock = new Date('2026-07-01T10:00:00Z');
    const { hash } = await paidVouchers(1);
    clock = new Date('2026-07-15T22:00:00Z');
    expect((await view(hash)).json().response.withdrawal.refusal).toBe('WITHDRAWAL_PERIOD_OVER');
    const late = await withdraw(hash);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'WITHDRAWAL_PERIOD_OVER']);

    const tickets = await orderShow(test.app, show, 1);
    await pressTestPage(test.app, tickets.payment!.hash, 'pay');
    const dated = await withdraw(tickets.order.hash);
    expect([dated.statusCode, dated.json().error.code]).toEqual([409, 'WITHDRAWAL_NOT_ELIGIBLE']);
    expect((await view(tickets.order.hash)).json().response.withdrawal).toMatchObject({
      refusal: 'WITHDRAWAL_NOT_ELIGIBLE',
      deadline: null,
      items: [],
    });
    const unknown = await view('x'.repeat(40));
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
  });
});
