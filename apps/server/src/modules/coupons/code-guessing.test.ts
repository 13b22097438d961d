/**
 * Decision 0102: coupon and voucher codes cannot be guessed without
 * limit. Every path that tests a code (POST /api/coupon, simulated orders
 * with `coupon`, the voucher check) spends one per-IP budget: the 31st wrong
 * code needs a captcha, then a longer lockout follows. One code tried from
 * many IPs has its own budget. Wrong codes get one uniform answer.
 */
import { CAPTCHA_ERROR_CODES } from '@kassa/domain/contract/captcha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import {
  createClient,
  createCoupon,
  createOrganisation,
  createPlot,
  createProduct,
} from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { solveCaptcha } from '../captcha/solve-captcha.ts';
import { WRONG_CODES_BEFORE_LOCKOUT } from './code-guessing.ts';

describe('guessing codes', () => {
  let t: TestApp;
  let product: number;
  let plot: number;
  beforeAll(async () => {
    t = await createTestApp();
    const organisation = await createOrganisation(t.db);
    product = (await createProduct(t.db, organisation.id, { hasDays: true })).id;
    plot = (await createPlot(t.db, product, { date: '2099-06-10', startTime: '10:00', capacity: 50 })).id;
    const owner = await createClient(t.db, organisation.id);
    await createCoupon(t.db, organisation.id, { code: 'MEMBERS', clientId: owner.id });
    await createCoupon(t.db, organisation.id, { code: 'FRIENDS', clientId: owner.id });
  });
  afterAll(() => t?.close());

  const couponCheck = (ip: string, code: string, captcha?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/coupon',
      remoteAddress: ip,
      payload: { type: 'PRODUCT', product: [product], code, ...(captcha ? { captcha } : {}) },
    });
  const simulatedOrder = (ip: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: ip,
      payload: {
        simulate: true,
        customer: {},
        coupon: [code],
        orders: [{ product: { id: product, plot, quantity: 1 } }],
      },
    });
  const voucherCheck = (ip: string, code: string) =>
    t.app.inject({ method: 'GET', url: `/api/voucher/check/${code}`, remoteAddress: ip });

  it('needs a captcha for the 31st wrong code from one IP, whichever path tested the codes', async () => {
    const ip = '203.0.113.31';
    for (let n = 0; n < 20; n++) expect((await couponCheck(ip, `WRONG${n}`)).statusCode).toBe(400);
    for (let n = 20; n < 25; n++) {
      const answer = await simulatedOrder(ip, `WRONG${n}`);
      expect(answer.json().error.code).toBe('COUPON_NOT_VALID');
    }
    for (let n = 25; n < 30; n++) expect((await voucherCheck(ip, `WRONG-${n}`)).statusCode).toBe(404);
    const thirtyFirst = await couponCheck(ip, 'WRONG31');
    expect(thirtyFirst.statusCode).toBe(403);
    expect(thirtyFirst.json().error.code).toBe(CAPTCHA_ERROR_CODES.required);
    expect((await simulatedOrder(ip, 'WRONG32')).json().error.code).toBe(CAPTCHA_ERROR_CODES.required);
    // Another IP is not affected; with a solved captcha this one may go on.
    expect((await couponCheck('203.0.113.99', 'WRONG33')).statusCode).toBe(400);
    const { token } = await solveCaptcha(t.app);
    expect((await couponCheck(ip, 'WRONG34', token)).json().error.code).toBe('COUPON_NOT_VALID');
  });

  it('locks an IP out after too many wrong codes in an hour, captcha or not', async () => {
    const ip = '203.0.113.60';
    for (let n = 0; n < WRONG_CODES_BEFORE_LOCKOUT.max; n++) {
      await consumeRateLimit(t.db, WRONG_CODES_BEFORE_LOCKOUT, ip, new Date());
    }
    const { token } = await solveCaptcha(t.app);
    const locked = await couponCheck(ip, 'WRONG61', token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
  });

  it('needs a captcha once one code was tried wrongly from 10 IPs', async () => {
    for (let n = 0; n < 10; n++)
      expect((await couponCheck(`198.51.100.${n}`, 'MEMBERS')).statusCode).toBe(400);
    const eleventh = await couponCheck('198.51.100.200', 'members');
    expect(eleventh.json().error.code).toBe(CAPTCHA_ERROR_CODES.required);
  });

  it('answers an unknown code and another client’s coupon alike, naming neither', async () => {
    const unknown = (await couponCheck('192.0.2.1', 'NOSUCHCODE')).json();
    const clientOnly = (await couponCheck('192.0.2.2', 'FRIENDS')).json();
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'COUPON_NOT_VALID', message: 'This code is not valid' },
    });
    expect(clientOnly).toEqual(unknown);
  });
});
