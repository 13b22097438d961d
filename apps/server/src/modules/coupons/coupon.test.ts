import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import {
  createClient,
  createCoupon,
  createOrganisation,
  createProduct,
  createSubscription,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createIssuedVoucher } from '../orders/order-fixtures.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

describe('POST /api/coupon', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let organisationId: number;
  let productA: number;
  let productB: number;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOW });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db)).id;
    productA = (await createProduct(db, organisationId)).id;
    productB = (await createProduct(db, organisationId)).id;
  });
  afterAll(() => test.close());

  const check = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/coupon',
      payload: { type: 'PRODUCT', product: [productA], ...body },
      headers,
    });

  it('answers a percentage coupon in any case with its terms', async () => {
    await createCoupon(db, organisationId, {
      code: 'SUMMER',
      kind: 'PERCENTAGE',
      value: 1250,
      maxTicketAmount: 2,
    });
    const response = await check({ code: ' summer ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      response: {
        type: 'COUPON',
        data: {
          type: 'PERCENTAGE',
          value: 12.5,
          max_ticket_amount: 2,
          credit: null,
          code: 'SUMMER',
          barcode: null,
        },
      },
    });
  });

  it('answers an amount coupon in money', async () => {
    await createCoupon(db, organisationId, { code: 'FIVER', kind: 'AMOUNT', value: 500 });
    expect((await check({ code: 'fiver' })).json().response.data).toMatchObject({ type: 'AMOUNT', value: 5 });
  });

  it('refuses unknown codes with COUPON_NOT_VALID and no details', async () => {
    const response = await check({ code: 'NOPE' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ok: false,
      error: { code: 'COUPON_NOT_VALID', message: expect.any(String) },
    });
  });

  it('explains expired, not-yet-valid and used-up coupons', async () => {
    await createCoupon(db, organisationId, { code: 'OLD', validUntil: new Date('2026-05-01T00:00:00Z') });
    await createCoupon(db, organisationId, { code: 'SOON', validFrom: new Date('2026-07-01T00:00:00Z') });
    await createCoupon(db, organisationId, { code: 'GONE', maxUses: 3, uses: 3 });
    for (const [code, info] of [
      ['OLD', /expired/],
      ['SOON', /not valid yet/],
      ['GONE', /used up/],
    ] as const) {
      const response = await check({ code });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'COUPON_NOT_VALID',
        error_info: expect.stringMatching(info),
      });
    }
  });

  it('applies product restrictions to the products in the order', async () => {
    await createCoupon(db, organisationId, { code: 'ONLYB', productIds: [productB] });
    expect((await check({ code: 'ONLYB' })).json().error.error_info).toMatch(/not valid for these products/);
    expect((await check({ code: 'ONLYB', product: [productA, productB] })).statusCode).toBe(200);
  });

  it('checks subscription coupons against the subscription', async () => {
    const subscription = await createSubscription(db, organisationId);
    await createCoupon(db, organisationId, { code: 'PASS', subscriptionIds: [subscription.id] });
    const forSubscription = await app.inject({
      method: 'POST',
      url: '/api/coupon',
      payload: { type: 'SUBSCRIPTION', subscription: subscription.id, code: 'pass' },
    });
    expect(forSubscription.statusCode).toBe(200);
    expect((await check({ code: 'PASS' })).statusCode).toBe(400);
  });

  it('gives client-only coupons to their client, verified against the bearer token', async () => {
    const owner = await createClient(db, organisationId);
    const other = await createClient(db, organisationId);
    await createCoupon(db, organisationId, { code: 'MINE', clientId: owner.id });
    // Someone else's coupon answers like an unknown code (decision 0102).
    expect((await check({ code: 'MINE' })).json().error.error_info).toBeUndefined();
    // The body's client_id proves nothing: only the bearer token names the client.
    expect((await check({ code: 'MINE', client_id: owner.id })).statusCode).toBe(400);
    const claimedWithOtherToken = await check(
      { code: 'MINE', client_id: owner.id },
      { authorization: `Bearer ${other.token}` },
    );
    expect(claimedWithOtherToken.statusCode).toBe(400);
    expect((await check({ code: 'MINE' }, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(200);
  });

  it('answers a sold voucher code, typed loosely, as a VOUCHER with its remaining credit', async () => {
    await createIssuedVoucher(db, organisationId, {
      code: 'K7QF-M2XA-TT3Q-PL4Z',
      initialCents: 5000,
      balanceCents: 1250,
    });
    const response = await check({ code: 'k7qf m2xa tt3q pl4z' });
    expect(response.json()).toEqual({
      ok: true,
      response: {
        type: 'VOUCHER',
        data: {
          type: 'AMOUNT',
          value: 12.5,
          max_ticket_amount: null,
          credit: 12.5,
          code: 'K7QF-M2XA-TT3Q-PL4Z',
          barcode: null,
        },
      },
    });
  });

  it('answers spent and expired voucher codes like unknown ones', async () => {
    await createIssuedVoucher(db, organisationId, { code: 'SPENT-0000-0000', balanceCents: 0 });
    await createIssuedVoucher(db, organisationId, {
      code: 'LATE-0000-0000',
      expiresAt: new Date('2026-01-01T00:00:00Z'),
    });
    for (const code of ['SPENT-0000-0000', 'LATE-0000-0000']) {
      expect((await check({ code })).json()).toEqual({
        ok: false,
        error: { code: 'COUPON_NOT_VALID', message: expect.any(String) },
      });
    }
  });

  it('refuses a code already applied and a second coupon, but combines vouchers', async () => {
    await createCoupon(db, organisationId, { code: 'FIRST' });
    await createCoupon(db, organisationId, { code: 'SECOND' });
    await createIssuedVoucher(db, organisationId, { code: 'COMB-1111-2222' });
    expect((await check({ code: 'first', coupons: ['FIRST'] })).json().error.code).toBe(
      'COUPON_ALREADY_APPLIED',
    );
    expect((await check({ code: 'SECOND', coupons: ['first'] })).json().error.code).toBe(
      'COUPON_NOT_COMBINABLE',
    );
    expect((await check({ code: 'COMB-1111-2222', coupons: ['FIRST'] })).statusCode).toBe(200);
  });

  it('rejects a malformed body with VALIDATION_ERROR', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/coupon',
      payload: { type: 'PRODUCT', code: 'X' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
  // Last: it spends the rest of this IP's allowance.
  it('limits code checks per IP with 429 RATE_LIMITED and Retry-After, right codes too', async () => {
    // Wrong codes meet the guessing budget first (code-guessing.test.ts); this is the flood guard.
    let response = await check({ code: 'SUMMER' });
    for (let attempt = 0; attempt < 130 && response.statusCode !== 429; attempt++)
      response = await check({ code: 'SUMMER' });
    expect(response.statusCode).toBe(429);
    expect(response.json().error.code).toBe('RATE_LIMITED');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = await app.inject({
      method: 'POST',
      url: '/api/coupon',
      payload: { type: 'PRODUCT', product: [productA], code: 'SUMMER' },
      remoteAddress: '198.51.100.7',
    });
    expect(otherIp.statusCode).toBe(200);
  });
});
