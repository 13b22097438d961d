import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { startFakeStripe, type FakeStripe } from '../../payments/fakes/fake-stripe.ts';
import {
  createAudience,
  createClient,
  createCoupon,
  createOrganisation,
  createSubscription,
  createUpsell,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createAddition, createClientSubscription } from '../orders/order-fixtures.ts';
import { pdfPageCount } from '../payments/payment-fixtures.ts';
import { postStripeEvent, sessionEvent, stripeEnv, STRIPE_SECRET_KEY } from '../payments/stripe-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const DAY = 24 * 3600_000;
const PASSWORD = 'pass-word-123';

describe('POST /api/subscriptions (decision 0121)', () => {
  let fake: FakeStripe;
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let organisation: typeof s.organisations.$inferSelect;
  let yearPass: typeof s.subscriptions.$inferSelect;
  let adult: typeof s.audiences.$inferSelect;
  let child: typeof s.audiences.$inferSelect;
  let guide: typeof s.upsells.$inferSelect;
  let emails = 0;
  /** Everything the app logs, at the most verbose level: no password may be in it. */
  const logged: string[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe(STRIPE_SECRET_KEY);
    mailer = createRecordingMailer();
    test = await createTestApp(
      { ...stripeEnv(fake.url), PUBLIC_URL: 'https://shop.example' },
      {
        now: () => clock,
        mailer,
        logger: { level: 'trace', stream: { write: (line: string) => void logged.push(line) } },
      },
    );
    ({ app, db } = test);
    organisation = await createOrganisation(db, { paymentGateway: 'stripe' });
    yearPass = await createSubscription(db, organisation.id, {
      type: 'PHYSICAL',
      title: { en: 'Year pass', nl: 'Jaarkaart' },
      priceCents: 0,
      redemptions: -1,
      validityDays: 365,
    });
    adult = await createAudience(db, {
      subscriptionId: yearPass.id,
      priceCents: 6000,
      name: { en: 'Adult' },
    });
    child = await createAudience(db, {
      subscriptionId: yearPass.id,
      priceCents: 2500,
      name: { en: 'Child' },
    });
    guide = await createUpsell(db, organisation.id, { priceCents: 500 });
    await db.insert(s.subscriptionUpsells).values({ subscriptionId: yearPass.id, upsellId: guide.id });
    await createAddition(db, organisation.id, { amountCents: 150, type: 0 });
    await createAddition(db, organisation.id, { amountCents: 999, type: 1 });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(async () => {
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
  });

  const visitor = (extra: Record<string, unknown> = {}) => {
    emails += 1;
    return {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `ada${emails}@example.test`,
      password: PASSWORD,
      fields: {},
      ...extra,
    };
  };
  const order = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { subscription: { id: yearPass.id }, ...payload },
    });
  const people = (adults: number, children = 0) => ({
    [adult.id]: { id: adult.id, quantity: adults },
    ...(children ? { [child.id]: { id: child.id, quantity: children } } : {}),
  });
  async function rowCounts() {
    const [orders] = await db.select({ n: count() }).from(s.orders);
    const [clients] = await db.select({ n: count() }).from(s.clients);
    return { orders: orders!.n, clients: clients!.n };
  }
  async function pay(placed: {
    payment: { hash: string; transaction: false | { response: Record<string, unknown> } };
  }) {
    const { response } = placed.payment.transaction as { response: { sessionId: string } };
    return postStripeEvent(
      app,
      sessionEvent(
        'checkout.session.completed',
        `evt_${response.sessionId}`,
        response.sessionId,
        placed.payment.hash,
      ),
    );
  }

  it('prices on the server: audiences and upsells at the shop prices, coupon capped, type-0 additions', async () => {
    const coupon = await createCoupon(db, organisation.id, {
      kind: 'AMOUNT',
      value: 1000,
      subscriptionIds: [yearPass.id],
    });
    const response = await order({
      simulate: true,
      customer: { first_name: '', last_name: '', email: '', fields: {} },
      audiences: people(2, 1),
      upsells: { [guide.id]: { id: guide.id, quantity: 2, price: 0.01 } },
      coupon: [coupon.code],
    });
    expect(response.statusCode).toBe(200);
    // 2 × 60 + 25 + 2 × 5 = 155, less 10 coupon, plus 1.50 (type 0 only).
    expect(response.json().response).toMatchObject({
      payment: null,
      subscription: { amount: 146.5, subtotal: 155, discount: 10, additions: 1.5 },
    });
    expect(await rowCounts()).toMatchObject({ orders: 0 });
    // A coupon larger than the subtotal is capped there, and nothing is left for additions.
    const big = await createCoupon(db, organisation.id, { kind: 'AMOUNT', value: 100_000 });
    const free = await order({
      simulate: true,
      customer: { first_name: '', last_name: '', email: '', fields: {} },
      audiences: people(1),
      coupon: big.code,
    });
    expect(free.json().response.subscription).toMatchObject({ amount: 0, discount: 60, additions: 0 });
  });

  it('refuses empty, too large and unknown audiences, and coupons for other subscriptions', async () => {
    const other = await createSubscription(db, organisation.id);
    const elsewhere = await createCoupon(db, organisation.id, {
      kind: 'AMOUNT',
      value: 100,
      subscriptionIds: [other.id],
    });
    const before = await rowCounts();
    for (const [audiences, code] of [
      [{}, 'INVALID_QUANTITY'],
      [people(11), 'INVALID_QUANTITY'],
      [{ 999999: { id: 999999, quantity: 1 } }, 'INVALID_QUANTITY'],
    ] as const) {
      const response = await order({ customer: visitor(), audiences });
      expect(response.json().error.code).toBe(code);
    }
    const coupon = await order({ customer: visitor(), audiences: people(1), coupon: [elsewhere.code] });
    expect(coupon.json().error.code).toBe('COUPON_NOT_VALID');
    expect(await rowCounts()).toEqual(before);
  });

  it('makes a new visitor a client: password hashed only, session answered, too short refused', async () => {
    const before = await rowCounts();
    const short = await order({ customer: visitor({ password: '12345' }), audiences: people(1) });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('PASSWORD_TOO_SHORT');
    expect(await rowCounts()).toEqual(before);

    const customer = visitor({ email: 'New.Member@Example.test' });
    const response = await order({ customer, audiences: people(1) });
    expect(response.statusCode).toBe(200);
    const answer = response.json().response;
    expect(answer.client).toEqual({ id: expect.any(Number), token: expect.any(String) });
    const me = await app.inject({
      url: '/api/client',
      headers: { authorization: `Bearer ${answer.client.token}` },
    });
    expect(me.json()).toMatchObject({ id: answer.client.id, email: 'new.member@example.test' });
    const [made] = await db.select().from(s.clients).where(eq(s.clients.id, answer.client.id));
    expect(made!.passwordHash).toMatch(/^\$scrypt\$/);
    const [placed] = await db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
    expect(placed!.clientId).toBe(answer.client.id);
    // No plain password anywhere: not in clients, orders, mail jobs or sessions.
    for (const table of [s.clients, s.orders, s.mailJobs, s.clientSessions, s.subscriptionOrders]) {
      expect(JSON.stringify(await db.select().from(table))).not.toContain(PASSWORD);
    }
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('\n')).not.toContain(PASSWORD);
    // The same e-mail again, in any case, is asked to log in; nothing is written.
    const again = await rowCounts();
    const duplicate = await order({
      customer: visitor({ email: 'new.member@EXAMPLE.test' }),
      audiences: people(1),
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('CLIENT_EXISTS');
    expect(await rowCounts()).toEqual(again);
  });

  it('creates the holding and one pass per person once, however often the webhook comes (×10)', async () => {
    const response = await order({
      customer: visitor({ first_name: 'Grace', last_name: 'Hopper' }),
      audiences: people(2, 1),
    });
    const placed = response.json().response;
    expect(placed.payment).toMatchObject({ gateway: 'stripe', type: 'CUSTOM' });
    const answers = [];
    for (let replay = 0; replay < 5; replay += 1) answers.push(await pay(placed));
    answers.push(...(await Promise.all(Array.from({ length: 5 }, () => pay(placed)))));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const [row] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(row!.status).toBe('PAID');
    const holdings = await db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.orderId, row!.id));
    expect(holdings).toHaveLength(1);
    expect(holdings[0]).toMatchObject({ clientId: placed.client.id, availableRedemptions: -1 });
    expect(holdings[0]!.expiresAt.getTime()).toBe(START.getTime() + 365 * DAY);
    const passes = await db
      .select()
      .from(s.subscriptionPasses)
      .where(eq(s.subscriptionPasses.clientSubscriptionId, holdings[0]!.id));
    expect(passes.map((pass) => [pass.fullName, pass.audienceId])).toEqual([
      ['Grace Hopper', adult.id],
      ['Grace Hopper (2)', adult.id],
      ['Grace Hopper (3)', child.id],
    ]);
    await test.deliverMail();
    const mails = mailer.sent.filter((mail) => mail.subject.includes('Year pass'));
    expect(mails).toHaveLength(1);
    const pdf = mails[0]!.attachments![0]!.content as Buffer;
    // A page per pass, then the receipt (decision 0186).
    expect(pdfPageCount(pdf)).toBe(4);

    // My account: the subscription with its passes and Renew, and the paid order.
    const mine = await app.inject({
      url: '/api/client/account',
      headers: { authorization: `Bearer ${placed.client.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      subscriptions: [
        {
          id: holdings[0]!.id,
          subscription: { id: yearPass.id, title: 'Year pass' },
          available_redemptions: -1,
          expired: false,
          renewal: holdings[0]!.renewalHash,
          passes: [{ profile: { name: { full: 'Grace Hopper' } } }, {}, {}],
        },
      ],
      orders: [
        { hash: placed.order.hash, kind: 'SUBSCRIPTION', status: 'PAID', title: 'Year pass', total: 146.5 },
      ],
    });
    expect((await app.inject({ url: '/api/client/account' })).statusCode).toBe(401);
  });

  it('renews the same holding and passes for its logged-in holder only, moving the expiry on', async () => {
    const holder = await createClient(db, organisation.id);
    const stranger = await createClient(db, organisation.id);
    const expiresAt = new Date(START.getTime() + 20 * DAY);
    const holding = await createClientSubscription(db, holder.id, yearPass.id, {
      expiresAt,
      availableRedemptions: -1,
    });
    const passes = await db
      .insert(s.subscriptionPasses)
      .values([
        { clientSubscriptionId: holding.id, audienceId: adult.id, fullName: 'Demi' },
        { clientSubscriptionId: holding.id, audienceId: child.id, fullName: 'Kim' },
      ])
      .returning();
    const renewal = (token: string | undefined) =>
      order({
        customer: { first_name: 'Client', last_name: 'Holder', email: holder.email, token, fields: {} },
        renewal: holding.renewalHash,
        passes: passes.map((pass) => pass.id),
      });
    const read = await app.inject({
      url: `/api/client/subscription/${holding.renewalHash}`,
      headers: { authorization: `Bearer ${holder.token}` },
    });
    expect(read.json()).toMatchObject({
      renewable: true,
      id: yearPass.id,
      expiration: '2026-06-21',
      passes: [
        { id: passes[0]!.id, audience: adult.id, profile: { name: { full: 'Demi' }, avatar: null } },
        { id: passes[1]!.id, audience: child.id },
      ],
    });
    const foreign = await app.inject({
      url: `/api/client/subscription/${holding.renewalHash}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/client/subscription/${holding.renewalHash}` })).statusCode).toBe(
      401,
    );
    expect((await renewal(stranger.token)).json().error.code).toBe('RENEWAL_NOT_FOUND');
    expect((await renewal(undefined)).statusCode).toBe(401);

    const response = await renewal(holder.token);
    expect(response.statusCode).toBe(200);
    const placed = response.json().response;
    // Both passes at their audience prices, plus the type-0 addition.
    expect(placed.subscription).toMatchObject({ subtotal: 85, amount: 86.5 });
    expect(placed.client).toBeNull();
    await pay(placed);
    await pay(placed);
    const [after] = await db
      .select()
      .from(s.clientSubscriptions)
      .where(eq(s.clientSubscriptions.id, holding.id));
    expect(after!.expiresAt.getTime()).toBe(expiresAt.getTime() + 365 * DAY);
    const [left] = await db
      .select({ n: count() })
      .from(s.subscriptionPasses)
      .where(eq(s.subscriptionPasses.clientSubscriptionId, holding.id));
    expect(left!.n).toBe(2);
    const [made] = await db
      .select({ n: count() })
      .from(s.clientSubscriptions)
      .where(and(eq(s.clientSubscriptions.clientId, holder.id)));
    expect(made!.n).toBe(1);
  });
});
