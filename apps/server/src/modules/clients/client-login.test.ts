import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createClient, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { buildApp } from '../../app.ts';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS } from '../captcha/login-attempts.ts';
import { solveCaptcha } from '../captcha/solve-captcha.ts';
import { CLIENT_LOGIN_PER_IP, LOGIN_LINKS_PER_EMAIL } from './client-login.ts';

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
    await createClient(t.db, org.id, {
      email: 'grace@example.test',
      passwordHash: await hashPassword(PASSWORD),
    });
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

  it('an attacker guessing from other addresses cannot keep the owner out: the owner logs in from theirs', async () => {
    // Before decision 0201, eight wrong passwords from anywhere locked the right one out everywhere (429).
    for (let i = 0; i < 9; i += 1) {
      expect((await login('ada@example.test', `guess ${i}`, `203.0.113.${i + 1}`)).statusCode).toBe(401);
    }
    const owner = await login('ada@example.test', PASSWORD, '198.51.100.7');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('past LOGIN_FAILURES_PER_ACCOUNT from many addresses, every address needs a captcha, and the owner passes with one', async () => {
    // altcha-lib checks a challenge's expiry against the wall clock: the app's clock follows it here.
    clock = new Date();
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max + 20; i += 1) {
      const guess = await login('ada@example.test', `guess ${i}`, `203.0.113.${i + 1}`);
      expect([401, 403]).toContain(guess.statusCode);
    }
    // Another instance sees the same counters (they live in the database).
    const other = await buildApp({ config: t.config, database: t.database, now: () => clock, logger: false });
    try {
      const asked = await other.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { email: 'ada@example.test', password: PASSWORD },
        remoteAddress: '198.51.100.8',
      });
      expect(asked.statusCode).toBe(403);
      expect(asked.json()).toMatchObject({ ok: false, error: { code: 'SECURITY_CAPTCHA_REQUIRED' } });
      const { token } = await solveCaptcha(other);
      const owner = await other.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { email: 'ada@example.test', password: PASSWORD, captcha: token },
        remoteAddress: '198.51.100.8',
      });
      expect(owner.statusCode, owner.body).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('slows guessing from one address: a captcha for each try past LOGIN_FAILURES_PER_ADDRESS, known and unknown e-mails alike', async () => {
    // altcha-lib checks a challenge's expiry against the wall clock: the app's clock follows it here.
    clock = new Date();
    for (const email of ['grace@example.test', 'nobody-else@example.test']) {
      for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS.max; i += 1)
        expect((await login(email, `guess ${i}`, '203.0.113.99')).statusCode).toBe(401);
      // The right password too: the captcha comes before the password is checked.
      const asked = await login(email, PASSWORD, '203.0.113.99');
      expect(asked.statusCode).toBe(403);
      expect(asked.json().error.code).toBe('SECURITY_CAPTCHA_REQUIRED');
      const { token } = await solveCaptcha(t.app);
      const withCaptcha = await t.app.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { email, password: 'yet another guess', captcha: token },
        remoteAddress: '203.0.113.99',
      });
      expect(withCaptcha.json().error.code).toBe('CLIENT_LOGIN_FAILED');
      // A captcha is good for one try.
      const spent = await t.app.inject({
        method: 'POST',
        url: '/api/client/login',
        payload: { email, password: 'one more guess', captcha: token },
        remoteAddress: '203.0.113.99',
      });
      expect(spent.json().error.code).toBe('SECURITY_CAPTCHA_INVALID');
      // The owner, elsewhere, is not asked.
      if (email === 'grace@example.test')
        expect((await login(email, PASSWORD, '198.51.100.9')).statusCode).toBe(200);
    }
  });

  it('still stops one address that keeps trying, captcha or not, with 429 and Retry-After', async () => {
    let last = await login('someone@example.test', 'guess', '203.0.113.150');
    for (let i = 0; i < CLIENT_LOGIN_PER_IP.max && last.statusCode !== 429; i += 1)
      last = await login(`someone${i}@example.test`, 'guess', '203.0.113.150');
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
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
