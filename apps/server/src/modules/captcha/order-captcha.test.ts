import type { CaptchaPayload } from '@kassa/domain/contract/captcha';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import {
  createOrganisation,
  createPlot,
  createProduct,
  createVoucher,
  createVoucherValue,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { ORDER_WINDOW_MS } from './captcha-gate.ts';
import { encodeCaptcha, solveCaptcha } from './solve-captcha.ts';

const customer = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', fields: {} };

/**
 * A clock at the start of the next per-IP window (so a test's orders share
 * one window) and ahead of the wall clock, which altcha-lib checks expiry
 * against: a challenge issued on this clock is still fresh for it.
 */
function nextWindowStart(): number {
  return Math.ceil(Date.now() / ORDER_WINDOW_MS) * ORDER_WINDOW_MS + 1000;
}

async function countRows(db: Db) {
  const [orders] = await db.select({ n: count() }).from(s.orders);
  const [lines] = await db.select({ n: count() }).from(s.orderLines);
  const [holds] = await db.select({ n: count() }).from(s.capacityHolds);
  const [payments] = await db.select({ n: count() }).from(s.payments);
  return { orders: orders!.n, lines: lines!.n, holds: holds!.n, payments: payments!.n };
}

async function openShop(test: TestApp, captchaEnabled: boolean) {
  const organisation = await createOrganisation(test.db, { captchaEnabled });
  const product = await createProduct(test.db, organisation.id, { priceCents: 1500 });
  const plot = await createPlot(test.db, product.id, { capacity: 100 });
  const voucher = await createVoucher(test.db, organisation.id);
  const value = await createVoucherValue(test.db, voucher.id);
  return { organisation, product, plot, voucher, value };
}

describe('captcha on POST /api/orders in a shop that wants one', () => {
  let test: TestApp;
  let clock = 0;
  let shop: Awaited<ReturnType<typeof openShop>>;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => new Date(clock) });
    shop = await openShop(test, true);
  });
  afterAll(() => test.close());
  beforeEach(() => {
    clock = nextWindowStart();
  });

  const order = (body: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer,
        orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } }],
        ...body,
      },
    });

  function tampered(payload: CaptchaPayload, change: (copy: CaptchaPayload) => void): string {
    const copy = structuredClone(payload);
    change(copy);
    return encodeCaptcha(copy);
  }

  it('refuses an order without a captcha with SECURITY_CAPTCHA_REQUIRED and writes nothing', async () => {
    const before = await countRows(test.db);
    for (const captcha of [undefined, null, '']) {
      const response = await order(captcha === undefined ? {} : { captcha });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } });
    }
    const reserve = await order({ action: 'reserve' });
    expect(reserve.json()).toMatchObject({ error: { code: 'SECURITY_CAPTCHA_REQUIRED' } });
    expect(await countRows(test.db)).toEqual(before);
  });

  it('guards POST /api/vouchers the same way: the one order engine (decision 0110)', async () => {
    const before = await countRows(test.db);
    const voucherOrder = (body: Record<string, unknown>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/vouchers',
        payload: {
          customer,
          voucher: { id: shop.voucher.id },
          values: [{ id: shop.value.id, quantity: 1 }],
          ...body,
        },
      });
    const refused = await voucherOrder({});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } });
    expect(await countRows(test.db)).toEqual(before);
    expect((await voucherOrder({ simulate: true })).statusCode).toBe(200);
    const { token } = await solveCaptcha(test.app);
    const accepted = await voucherOrder({ captcha: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().response.order.status).toBe('PENDING');
  });

  it('lets simulations through without one', async () => {
    const whole = await order({ simulate: true });
    const perItem = await order({
      orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 }, simulate: true }],
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(perItem.statusCode, perItem.body).toBe(200);
  });

  it('accepts a solved captcha once and refuses it replayed, with or without an Idempotency-Key', async () => {
    const { token } = await solveCaptcha(test.app);
    const before = await countRows(test.db);

    const accepted = await order({ captcha: token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      ok: true,
      response: { orders: [{ order: { status: 'PENDING' } }] },
    });
    const afterFirst = await countRows(test.db);
    expect(afterFirst.orders).toBe(before.orders + 1);

    const replayed = await order({ captcha: token });
    const replayedWithKey = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'replay-attempt-1' },
      payload: {
        action: 'pay',
        customer,
        captcha: token,
        orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } }],
      },
    });
    for (const response of [replayed, replayedWithKey]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'SECURITY_CAPTCHA_INVALID' } });
    }
    expect(await countRows(test.db)).toEqual(afterFirst);
  });

  it('lets only one of several requests racing with one payload through', async () => {
    const { token } = await solveCaptcha(test.app);
    const before = await countRows(test.db);
    const responses = await Promise.all(Array.from({ length: 4 }, () => order({ captcha: token })));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 403, 403, 403]);
    expect((await countRows(test.db)).orders).toBe(before.orders + 1);
  });

  it('refuses tampered, forged and malformed captchas with SECURITY_CAPTCHA_INVALID', async () => {
    const { payload } = await solveCaptcha(test.app);
    const { parameters } = payload.challenge;
    const wrongKey = payload.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const bad = [
      tampered(payload, (copy) => void (copy.solution.derivedKey = wrongKey)),
      // A cheaper challenge, or a later expiry, than the one signed.
      tampered(payload, (copy) => void (copy.challenge.parameters.cost = 1)),
      tampered(payload, (copy) => void (copy.challenge.parameters.expiresAt = parameters.expiresAt! + 3600)),
      tampered(payload, (copy) => void (copy.challenge.signature = '0'.repeat(64))),
      // What the widget sends in its test mode.
      encodeCaptcha({ challenge: null, solution: null, test: true }),
      encodeCaptcha({ hello: 'world' }),
      'not base64 at all %%%',
      Buffer.from('{"challenge":').toString('base64'),
    ];
    const before = await countRows(test.db);
    for (const captcha of bad) {
      const response = await order({ captcha });
      expect(response.statusCode, captcha).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'SECURITY_CAPTCHA_INVALID' } });
    }
    expect(await countRows(test.db)).toEqual(before);
    // None of the failures spent the genuine payload.
    const genuine = await order({ captcha: encodeCaptcha(payload) });
    expect(genuine.statusCode, genuine.body).toBe(200);
  });

  it('refuses a captcha whose challenge expired before the order came', async () => {
    const { token } = await solveCaptcha(test.app);
    clock += 5 * 60_000 + 1000;
    const response = await order({ captcha: token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'SECURITY_CAPTCHA_INVALID' } });
  });

  it('refuses a challenge signed with another key', async () => {
    const elsewhere = await createTestApp({ ALTCHA_HMAC_KEY: 'some-other-shop-key' });
    try {
      const { token } = await solveCaptcha(elsewhere.app);
      const response = await order({ captcha: token });
      expect(response.json()).toMatchObject({ error: { code: 'SECURITY_CAPTCHA_INVALID' } });
    } finally {
      await elsewhere.close();
    }
  });

  it('deletes spent captchas once their challenges have expired', async () => {
    const first = await solveCaptcha(test.app);
    expect((await order({ captcha: first.token })).statusCode).toBe(200);
    const firstHashes = await test.db.select().from(s.usedCaptchas);
    expect(firstHashes.length).toBeGreaterThan(0);

    clock += 10 * 60_000;
    // Issued on the later clock, so it is fresh for it.
    const second = await solveCaptcha(test.app);
    expect((await order({ captcha: second.token })).statusCode).toBe(200);
    const left = await test.db.select().from(s.usedCaptchas);
    expect(left).toHaveLength(1);
    expect(left[0]!.expiresAt.getTime()).toBe(second.payload.challenge.parameters.expiresAt! * 1000);
  });
});

describe('captcha on POST /api/orders after many orders from one IP', () => {
  let test: TestApp;
  let clock = 0;
  let shop: Awaited<ReturnType<typeof openShop>>;

  beforeAll(async () => {
    test = await createTestApp({ CAPTCHA_ORDERS_PER_IP: '2' }, { now: () => new Date(clock) });
    shop = await openShop(test, false);
  });
  afterAll(() => test.close());
  beforeEach(() => {
    clock = nextWindowStart();
  });

  const orderFrom = (remoteAddress: string, body: Record<string, unknown> = {}) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress,
      payload: {
        action: 'pay',
        customer,
        orders: [{ product: { id: shop.product.id, plot: shop.plot.id, quantity: 1 } }],
        ...body,
      },
    });

  it('asks one IP for a captcha once it has placed more than the allowed orders in the window', async () => {
    expect((await orderFrom('198.51.100.7')).statusCode).toBe(200);
    expect((await orderFrom('198.51.100.7')).statusCode).toBe(200);
    const before = await countRows(test.db);

    const third = await orderFrom('198.51.100.7');
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ error: { code: 'SECURITY_CAPTCHA_REQUIRED' } });
    expect(await countRows(test.db)).toEqual(before);

    // Another address is not affected; simulations are not counted.
    expect((await orderFrom('203.0.113.9')).statusCode).toBe(200);
    expect((await orderFrom('198.51.100.7', { simulate: true })).statusCode).toBe(200);

    const { token } = await solveCaptcha(test.app);
    const solved = await orderFrom('198.51.100.7', { captcha: token });
    expect(solved.statusCode, solved.body).toBe(200);
    expect((await orderFrom('198.51.100.7', { captcha: token })).json()).toMatchObject({
      error: { code: 'SECURITY_CAPTCHA_INVALID' },
    });

    // Two windows on, the earlier orders no longer weigh (a sliding window, decision 0274).
    clock += 2 * ORDER_WINDOW_MS;
    expect((await orderFrom('198.51.100.7')).statusCode).toBe(200);
  });

  it('leaves a captcha sent while none is needed unspent', async () => {
    const { token } = await solveCaptcha(test.app);
    const spentBefore = await test.db.select().from(s.usedCaptchas);
    expect((await orderFrom('192.0.2.44', { captcha: token })).statusCode).toBe(200);
    expect(await test.db.select().from(s.usedCaptchas)).toEqual(spentBefore);
  });
});
