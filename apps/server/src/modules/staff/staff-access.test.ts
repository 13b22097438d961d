import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from '../captcha/login-attempts.ts';
import { solveCaptcha } from '../captcha/solve-captcha.ts';
import { STAFF_LOGIN_PER_IP } from './login-staff.ts';
import { addStaffUser } from './staff-accounts.ts';
import { STAFF_PASSWORD, staffLogin } from './staff-fixtures.ts';
import { tokenHash } from '../../lib/secrets.ts';

const STAFF_ROUTES = [
  { method: 'GET', url: '/api/staff/me' },
  { method: 'POST', url: '/api/staff/logout' },
  { method: 'POST', url: '/api/staff/scans', payload: { code: 'anything' } },
  { method: 'POST', url: '/api/staff/admissions/1/undo' },
  { method: 'POST', url: '/api/staff/scans/sync', payload: { admissions: [] } },
  { method: 'GET', url: '/api/staff/offline-list' },
  { method: 'GET', url: '/api/staff/today' },
  { method: 'GET', url: '/api/staff/today/orders?q=1' },
  { method: 'GET', url: '/api/staff/orders?q=1' },
  { method: 'GET', url: '/api/staff/orders/48210937563' },
  { method: 'POST', url: '/api/staff/orders/48210937563/resend', payload: {} },
  { method: 'PATCH', url: '/api/staff/orders/48210937563/customer', payload: {} },
  { method: 'POST', url: '/api/staff/orders/48210937563/mark-paid', payload: {} },
  { method: 'GET', url: '/api/staff/plots/1/attendees' },
] as const;

describe('staff accounts and sessions', () => {
  let test: TestApp;
  let organisationId: number;

  beforeAll(async () => {
    test = await createTestApp();
    organisationId = (await createOrganisation(test.db)).id;
  });
  afterAll(() => test.close());

  it('logs a staff member in with e-mail (any case) and password, and stores only a hash of the token', async () => {
    await addStaffUser(test.db, {
      organisationId,
      email: 'Door.Keeper@Example.test',
      name: 'Door Keeper',
      password: STAFF_PASSWORD,
    });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'door.keeper@EXAMPLE.test', password: STAFF_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const session = response.json<{ token: string; staff: { name: string; email: string } }>();
    expect(session.staff).toMatchObject({ name: 'Door Keeper', email: 'door.keeper@example.test' });
    // 128 bits, base64url.
    expect(session.token).toMatch(/^[\w-]{22}$/);
    const stored = await test.db.select().from(s.staffSessions);
    expect(stored.some((row) => row.tokenHash === session.token)).toBe(false);
    expect(stored.some((row) => row.tokenHash === tokenHash(session.token))).toBe(true);
    const [user] = await test.db
      .select()
      .from(s.staffUsers)
      .where(eq(s.staffUsers.email, 'door.keeper@example.test'));
    expect(user!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(user!.passwordHash).not.toContain(STAFF_PASSWORD);

    const me = await test.app.inject({
      url: '/api/staff/me',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json()).toMatchObject({ email: 'door.keeper@example.test', name: 'Door Keeper' });
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'door.keeper@example.test', password: 'not the password' },
    });
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('STAFF_LOGIN_FAILED');
  });

  it('refuses every staff route without a token, with a client token, and with a garbled token', async () => {
    const client = await createClient(test.db, organisationId);
    for (const route of STAFF_ROUTES) {
      for (const headers of [
        {},
        { authorization: `Bearer ${client.token}` },
        { authorization: 'Bearer nope' },
      ]) {
        const response = await test.app.inject({ ...route, headers });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json().error.code).toBe('STAFF_UNAUTHENTICATED');
      }
    }
  });

  it("refuses another shop's staff: one server serves one shop", async () => {
    const other = await createOrganisation(test.db);
    // The test app serves the first organisation; this staff member belongs to a later one.
    await addStaffUser(test.db, {
      organisationId: other.id,
      email: 'elsewhere@example.test',
      password: STAFF_PASSWORD,
    });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      payload: { email: 'elsewhere@example.test', password: STAFF_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const { headers } = await staffLogin(test.app, test.db, organisationId);
    expect((await test.app.inject({ method: 'POST', url: '/api/staff/logout', headers })).statusCode).toBe(
      200,
    );
    expect((await test.app.inject({ url: '/api/staff/me', headers })).statusCode).toBe(401);
  });

  it('door staff log in from their own address whatever others try: a captcha at most, never a lock-out', async () => {
    await addStaffUser(test.db, { organisationId, email: 'limited@example.test', password: STAFF_PASSWORD });
    const attempt = (password: string, remoteAddress: string, captcha?: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'limited@example.test', password, ...(captcha ? { captcha } : {}) },
        remoteAddress,
      });
    // Before decision 0201, eight wrong passwords from any addresses locked the right one out (429).
    for (let i = 0; i < 9; i += 1)
      expect((await attempt(`guess number ${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD, '198.51.100.20')).statusCode).toBe(200);

    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max; i += 1)
      expect([401, 403]).toContain((await attempt(`guess number ${i}`, `203.0.114.${i + 1}`)).statusCode);
    const asked = await attempt(STAFF_PASSWORD, '198.51.100.20');
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('SECURITY_CAPTCHA_REQUIRED');
    const { token } = await solveCaptcha(test.app);
    expect((await attempt(STAFF_PASSWORD, '198.51.100.20', token)).statusCode).toBe(200);
  });

  it('slows guessing from one address with a captcha, then stops it with 429 RATE_LIMITED and Retry-After', async () => {
    await addStaffUser(test.db, { organisationId, email: 'guessed@example.test', password: STAFF_PASSWORD });
    const attempt = (password: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'guessed@example.test', password },
        remoteAddress: '203.0.113.77',
      });
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.max; i += 1)
      expect((await attempt(`guess ${i}`)).statusCode).toBe(401);
    expect((await attempt(STAFF_PASSWORD)).json().error.code).toBe('SECURITY_CAPTCHA_REQUIRED');
    let last = await attempt('guess');
    for (let i = 0; i < STAFF_LOGIN_PER_IP.max && last.statusCode !== 429; i += 1)
      last = await attempt('guess');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a staff password shorter than 10 characters', async () => {
    await expect(
      addStaffUser(test.db, { organisationId, email: 'short@example.test', password: 'short' }),
    ).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
