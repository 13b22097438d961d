import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { STAFF_LOGIN_PER_EMAIL } from './login-staff.ts';
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
  { method: 'GET', url: '/api/staff/orders?q=1' },
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

  it('rate-limits logins per e-mail, even with the right password, and says when to retry', async () => {
    await addStaffUser(test.db, { organisationId, email: 'limited@example.test', password: STAFF_PASSWORD });
    const attempt = (password: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email: 'limited@example.test', password },
      });
    for (let i = 0; i < STAFF_LOGIN_PER_EMAIL.max; i += 1) {
      expect((await attempt(`guess number ${i}`)).statusCode).toBe(401);
    }
    const limited = await attempt(STAFF_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a staff password shorter than 10 characters', async () => {
    await expect(
      addStaffUser(test.db, { organisationId, email: 'short@example.test', password: 'short' }),
    ).rejects.toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
