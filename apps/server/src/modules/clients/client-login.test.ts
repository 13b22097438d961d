import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createClient, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { CLIENT_LOGIN_PER_EMAIL, LOGIN_LINKS_PER_EMAIL } from './client-login.ts';

let clock = new Date('2026-06-15T10:00:00Z');
const PASSWORD = 'correct horse';

describe('client login, login links and logout (decision 0120)', () => {
  let t: TestApp;
  let mailer: RecordingMailer;
  let client: Awaited<ReturnType<typeof createClient>>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    const org = await createOrganisation(t.db, { name: 'Museum' });
    client = await createClient(t.db, org.id, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.test',
      passwordHash: await hashPassword(PASSWORD),
    });
    await createClient(t.db, org.id, { email: 'nopassword@example.test' });
  });
  afterAll(() => t.close());
  // Every test starts in a fresh rate-limit window.
  beforeEach(() => {
    clock = new Date(clock.getTime() + 3600_000);
  });

  const login = (email: string, password: string, ip = '198.51.100.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: { email, password },
      remoteAddress: ip,
    });
  const askLink = (email: string, redirect?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/login-link?language=nl',
      payload: { email, redirect },
      remoteAddress: '198.51.100.2',
    });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/client', headers: { authorization: `Bearer ${token}` } });

  it('logs in with e-mail (any case) and password: a session token that reads the client', async () => {
    const response = await login('  ada@EXAMPLE.test ', PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: client.id, email: 'Ada@Example.test' });
    expect(body.token).toMatch(/^[\w-]{22}$/);
    expect(body.token).not.toBe(client.token);
    expect((await me(body.token)).json().id).toBe(client.id);
    // Only the token's hash is stored.
    const sessions = await t.db
      .select()
      .from(s.clientSessions)
      .where(eq(s.clientSessions.clientId, client.id));
    expect(sessions.some((row) => row.tokenHash === body.token)).toBe(false);
  });

  it('answers a wrong password, an unknown e-mail and an account without password alike', async () => {
    const bodies = [];
    for (const [email, password] of [
      ['ada@example.test', 'wrong password'],
      ['nobody@example.test', PASSWORD],
      ['nopassword@example.test', PASSWORD],
    ] as const) {
      const response = await login(email, password);
      expect(response.statusCode).toBe(401);
      bodies.push(response.body);
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ ok: false, error: { code: 'CLIENT_LOGIN_FAILED' } });
  });

  it('limits password guesses per e-mail whatever the IP, for known and unknown e-mails alike', async () => {
    for (const email of ['ada@example.test', 'nobody@example.test']) {
      const statuses = [];
      for (let i = 0; i <= CLIENT_LOGIN_PER_EMAIL.max; i += 1) {
        statuses.push((await login(email, `guess ${i}`, `203.0.113.${i + 1}`)).statusCode);
      }
      expect(statuses.slice(0, CLIENT_LOGIN_PER_EMAIL.max).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Even the right password waits for the window to end.
      const blocked = await login(email, PASSWORD, '203.0.113.200');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    }
  });

  it('logout ends that session only: the token reads nothing any more, other sessions stay', async () => {
    const first = (await login('ada@example.test', PASSWORD)).json().token as string;
    const second = (await login('ada@example.test', PASSWORD)).json().token as string;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/client/logout',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(out.json()).toEqual({ ok: true });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    // Logged out, the token no longer redeems or logs out either.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/client/logout',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(again.statusCode).toBe(401);
  });

  it('mails a single-use login link through the outbox, and answers unknown e-mails the same', async () => {
    mailer.sent.length = 0;
    const known = await askLink('ADA@example.test', '/renew/abc');
    const unknown = await askLink('nobody@example.test', '/renew/abc');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await t.deliverMail()).toMatchObject({ sent: 1 });
    const mail = mailer.sent[0]!;
    expect(mail.to).toEqual({ name: 'Ada Lovelace', address: 'Ada@Example.test' });
    expect(mail.subject).toBe('Je inloglink voor Museum');
    const url = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
    expect(url.origin + url.pathname).toBe('https://shop.example/client/login');
    expect(url.searchParams.get('redirect')).toBe('/renew/abc');
    const token = url.searchParams.get('token')!;

    const first = await t.app.inject({ method: 'POST', url: '/api/client', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().id).toBe(client.id);
    expect((await me(first.json().token)).statusCode).toBe(200);
    const second = await t.app.inject({ method: 'POST', url: '/api/client', payload: { token } });
    expect(second.statusCode).toBe(401);
    expect(second.json().error.code).toBe('CLIENT_NOT_FOUND');
  });

  it('refuses an expired login link, and drops a redirect that leaves the shop', async () => {
    mailer.sent.length = 0;
    await askLink('ada@example.test', '//evil.example/x');
    await t.deliverMail();
    const url = new URL(/https:\/\/\S+/.exec(mailer.sent[0]!.text)![0]);
    expect(url.searchParams.has('redirect')).toBe(false);
    clock = new Date(clock.getTime() + 31 * 60_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/client',
      payload: { token: url.searchParams.get('token') },
    });
    expect(late.statusCode).toBe(401);
  });

  it('mails at most a few links per e-mail in a window, answering alike for unknown e-mails', async () => {
    for (const email of ['ada@example.test', 'nobody@example.test']) {
      const statuses = [];
      for (let i = 0; i <= LOGIN_LINKS_PER_EMAIL.max; i += 1)
        statuses.push((await askLink(email)).statusCode);
      expect(statuses).toEqual([...Array(LOGIN_LINKS_PER_EMAIL.max).fill(200), 429]);
    }
  });

  it('never stores a password or a login token in plain text', async () => {
    const [row] = await t.db.select().from(s.clients).where(eq(s.clients.id, client.id));
    expect(row!.passwordHash).toMatch(/^\$scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const links = await t.db.select().from(s.clientLoginLinks);
    for (const link of links) expect(link.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
