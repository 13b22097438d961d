/**
 * Withdrawing from a pass purchase (decision 0254): within 14 days and
 * unused it is withdrawn through the refund machinery — refunded in full,
 * the holding ended so the door refuses its passes, acknowledged by mail —
 * a pass let in at the door or redeemed by a booking is refused
 * WITHDRAWAL_USED, a late one WITHDRAWAL_PERIOD_OVER, and nothing is
 * written when refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createPlot, createProduct, createSubscription } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pressTestPage } from '../payments/payment-fixtures.ts';
import { staffLogin } from '../staff/staff-fixtures.ts';

describe('withdrawing from a pass purchase (decision 0254)', () => {
  let test: TestApp;
  let mailer: RecordingMailer;
  let organisationId: number;
  let subscriptionId: number;
  let emails = 0;
  let clock = new Date('2026-06-01T10:00:00Z');

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    organisationId = (await createOrganisation(test.db, { name: 'Pass Kassa' })).id;
    subscriptionId = (await createSubscription(test.db, organisationId, { title: { en: 'Year pass' } })).id;
  });
  afterAll(() => test?.close());
  beforeEach(async () => {
    await test.deliverMail();
    mailer.sent.length = 0;
  });

  /** A paid pass order for a new client: the order row, its holding and its passes. */
  async function paidPass(subscription = subscriptionId) {
    emails += 1;
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: {
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: `ada.pass${emails}@example.test`,
          fields: {},
          password: 'secret-enough',
        },
        subscription: { id: subscription, quantity: 1 },
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const answer = placed.json().response;
    await pressTestPage(test.app, answer.payment.hash, 'pay');
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
    expect(order!.status).toBe('PAID');
    const [holding] = await test.db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.orderId, order!.id));
    const passes = await test.db
      .select()
      .from(s.subscriptionPasses)
      .where(eq(s.subscriptionPasses.clientSubscriptionId, holding!.id));
    return { order: order!, holding: holding!, passes, token: answer.client.token as string };
  }
  /** What My account lists for the order: its withdrawal link or null. */
  async function accountLink(token: string, hash: string) {
    const account = await test.app.inject({
      url: '/api/client/account',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(account.statusCode, account.body).toBe(200);
    const orders = account.json().orders as { hash: string; withdraw: string | null }[];
    return orders.find((entry) => entry.hash === hash)!.withdraw;
  }
  const view = (hash: string) => test.app.inject({ method: 'GET', url: `/api/withdrawal/${hash}` });
  const withdraw = (hash: string) =>
    test.app.inject({ method: 'POST', url: `/api/withdrawal/${hash}`, payload: { confirm: true } });
  async function scan(code: string) {
    const door = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/scans',
      headers: door.headers,
      payload: { code },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function unchanged(orderId: number) {
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.id, orderId));
    expect(order!.status).toBe('PAID');
    expect(await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, orderId))).toEqual([]);
    expect(await test.db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, orderId))).toEqual([]);
    const [holding] = await test.db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.orderId, orderId));
    expect(holding!.withdrawnAt).toBeNull();
  }

  it('withdraws an unused pass within 14 days: full refund, the pass ended at the door, acknowledged by mail', async () => {
    clock = new Date('2026-06-01T10:00:00Z');
    const { order, holding, passes, token } = await paidPass();
    // My account links the withdrawal while the right lasts.
    expect(await accountLink(token, order.hash)).toBe(`/withdraw/${order.hash}`);
    const before = (await view(order.hash)).json().response.withdrawal;
    expect(before).toMatchObject({
      kind: 'SUBSCRIPTION',
      amount: order.totalCents / 100,
      refusal: null,
      withdrawnAt: null,
    });
    expect(before.items).toEqual(['1 × Year pass']);
    expect(before.deadline).not.toBeNull();

    clock = new Date('2026-06-10T09:00:00Z');
    await test.deliverMail();
    mailer.sent.length = 0;
    const done = await withdraw(order.hash);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().response.withdrawal).toMatchObject({
      refusal: 'WITHDRAWAL_ALREADY_DONE',
      withdrawnAt: clock.toISOString(),
    });
    const [after] = await test.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(after!.status).toBe('CANCELLED');
    const refunds = await test.db.select().from(s.refunds).where(eq(s.refunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ method: 'original', amountCents: order.totalCents, actor: 'visitor' });
    // The credit note goes with the refund (decision 0242).
    const notes = await test.db.select().from(s.creditNotes).where(eq(s.creditNotes.orderId, order.id));
    expect(notes.map((note) => [note.refundId, note.grossCents])).toEqual([
      [refunds[0]!.id, order.totalCents],
    ]);
    const [ended] = await test.db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.id, holding.id));
    expect(ended!.withdrawnAt).toEqual(clock);
    expect(ended!.expiresAt.getTime()).toBeLessThanOrEqual(clock.getTime());

    // The door no longer lets its passes in.
    expect(passes.length).toBeGreaterThan(0);
    for (const pass of passes) expect((await scan(pass.secret)).result).toBe('PASS_EXPIRED');
    expect(await test.db.select().from(s.admissions)).toEqual([]);

    await test.deliverMail();
    const mail = mailer.sent.find((sent) => sent.subject.startsWith('You have withdrawn from order'));
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail!.to)).toContain(order.customer.email);
    expect(mail!.text).toContain('Year pass');

    const again = await withdraw(order.hash);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'WITHDRAWAL_ALREADY_DONE']);
    expect(await accountLink(token, order.hash)).toBeNull();
  });

  it('refuses a pass that was let in at the door (WITHDRAWAL_USED): nothing refunded, the pass still valid', async () => {
    clock = new Date('2026-06-20T10:00:00Z');
    const { order, passes, token } = await paidPass();
    expect(await accountLink(token, order.hash)).toBe(`/withdraw/${order.hash}`);
    expect((await scan(passes[0]!.secret)).result).toBe('VALID');
    // Told before trying: the page says it was used, and My account no longer offers it.
    expect((await view(order.hash)).json().response.withdrawal.refusal).toBe('WITHDRAWAL_USED');
    expect(await accountLink(token, order.hash)).toBeNull();
    const refused = await withdraw(order.hash);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'WITHDRAWAL_USED']);
    await unchanged(order.id);
  });

  it('refuses a pass a booking redeemed (WITHDRAWAL_USED): nothing refunded', async () => {
    clock = new Date('2026-06-22T10:00:00Z');
    const product = await createProduct(test.db, organisationId, { priceCents: 1200 });
    const plot = await createPlot(test.db, product.id, { capacity: 10 });
    const online = await createSubscription(test.db, organisationId, {
      title: { en: 'Online pass' },
      type: 'ONLINE',
      productIds: [product.id],
    });
    const { order, holding, token } = await paidPass(online.id);
    const booking = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: order.customer.email,
          fields: {},
          token,
        },
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 }, subscription: holding.token }],
      },
    });
    expect(booking.statusCode, booking.body).toBe(200);
    expect(booking.json().response.orders[0]).toMatchObject({ order: { status: 'PAID' } });
    expect((await view(order.hash)).json().response.withdrawal.refusal).toBe('WITHDRAWAL_USED');
    expect(await accountLink(token, order.hash)).toBeNull();
    const refused = await withdraw(order.hash);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'WITHDRAWAL_USED']);
    await unchanged(order.id);
  });

  it('refuses after the 14 days (WITHDRAWAL_PERIOD_OVER)', async () => {
    clock = new Date('2026-07-01T10:00:00Z');
    const { order, token } = await paidPass();
    clock = new Date('2026-07-15T21:59:00Z');
    expect(await accountLink(token, order.hash)).toBe(`/withdraw/${order.hash}`);
    clock = new Date('2026-07-15T22:00:00Z');
    expect(await accountLink(token, order.hash)).toBeNull();
    expect((await view(order.hash)).json().response.withdrawal.refusal).toBe('WITHDRAWAL_PERIOD_OVER');
    const late = await withdraw(order.hash);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'WITHDRAWAL_PERIOD_OVER']);
    await unchanged(order.id);
  });
});
