import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIssuedVoucher, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const now = new Date('2026-06-01T12:00:00Z');

describe('GET /api/voucher/check/{code}', () => {
  let t: TestApp;
  let ip = 0;
  // Every test checks from its own address, so the rate limit only bites where meant to.
  const check = (code: string, remoteAddress = `203.0.113.${++ip}`) =>
    t.app.inject({ method: 'GET', url: `/api/voucher/check/${code}`, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => now });
    const shop = await createOrganisation(t.db, { timeZone: 'Europe/Amsterdam' });
    const otherShop = await createOrganisation(t.db);
    await createIssuedVoucher(t.db, shop.id, { code: 'K7QX9M2PWA4TZR', balanceCents: 1750 });
    await createIssuedVoucher(t.db, shop.id, { code: 'H3VN-8CJD-6YBE', balanceCents: 5000 });
    await createIssuedVoucher(t.db, shop.id, {
      code: 'EXPIRESLATER1',
      balanceCents: 2000,
      // Midnight in Amsterdam: usable through 31 December.
      expiresAt: new Date('2026-12-31T23:00:00Z'),
    });
    await createIssuedVoucher(t.db, shop.id, {
      code: 'EXPIREDCODE22',
      balanceCents: 1200,
      expiresAt: new Date('2026-05-01T10:00:00Z'),
    });
    await createIssuedVoucher(t.db, otherShop.id, { code: 'OTHERSHOPCODE', balanceCents: 9900 });
  });
  afterAll(() => t.close());

  it('answers the credit of a known code that never expires', async () => {
    const response = await check('K7QX9M2PWA4TZR');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ credit: 17.5, expiration: null, expired: false });
  });

  it('finds a code typed in lower case, with spaces and dashes', async () => {
    expect((await check('k7qx-9m2p%20wa4t-zr')).json()).toEqual({
      credit: 17.5,
      expiration: null,
      expired: false,
    });
    expect((await check('h3vn8cjd6ybe')).json()).toMatchObject({ credit: 50 });
  });

  it("answers the last valid day in the shop's time zone", async () => {
    expect((await check('EXPIRESLATER1')).json()).toEqual({
      credit: 20,
      expiration: '2026-12-31',
      expired: false,
    });
  });

  it('tells a holder their code expired, with its date', async () => {
    expect((await check('expiredcode22')).json()).toEqual({
      credit: 12,
      expiration: '2026-05-01',
      expired: true,
    });
  });

  it('answers unknown, malformed and other shops’ codes exactly alike', async () => {
    const answers = await Promise.all(
      ['UNKNOWNCODE99', 'ab', `${'A'.repeat(65)}`, "x'%20OR%201=1", '%C3%A9t%C3%A9', 'OTHERSHOPCODE'].map(
        (code) => check(code),
      ),
    );
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        ok: false,
        error: { code: 'VOUCHER_NOT_FOUND', message: 'Voucher not found' },
      });
      expect(response.body).toBe(answers[0]?.body);
      expect(response.headers['content-type']).toBe(answers[0]?.headers['content-type']);
    }
  });

  it('allows 10 checks a minute from one address, then answers 429 RATE_LIMITED', async () => {
    const address = '192.0.2.77';
    // Misses count too: guessing is what the limit is for.
    for (let i = 0; i < 9; i++) expect((await check(`GUESS${i}XXXX`, address)).statusCode).toBe(404);
    expect((await check('K7QX9M2PWA4TZR', address)).statusCode).toBe(200);
    const limited = await check('K7QX9M2PWA4TZR', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Eleven counted: one more fits once their share has faded to nine, a fifth of a minute after
    // this one ends (a sliding window, decision 0274). The test clock stands at a minute's start.
    expect(limited.headers['retry-after']).toBe('71');
    expect((await check('K7QX9M2PWA4TZR')).statusCode).toBe(200);
  });
});
