/**
 * Staff accounts in the browser (decision 0245), through the real routes:
 * who may manage them, what a manager's add, change, disable, enable and
 * set-password link do, and the audit entry each write leaves.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { tokenHash } from '../../lib/secrets.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addStaffUser } from './staff-accounts.ts';
import { staffLogin } from './staff-fixtures.ts';
import { STAFF_PASSWORD_LINK_HOURS } from './staff-password-links.ts';

let clock = new Date('2026-06-15T10:00:00Z');
const NEW_PASSWORD = 'a long new password';

describe('staff accounts in the browser (decision 0245)', () => {
  let t: TestApp;
  let mailer: RecordingMailer;
  let organisationId: number;
  let manager: Awaited<ReturnType<typeof staffLogin>>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' }, { now: () => clock, mailer });
    organisationId = (await createOrganisation(t.db, { name: 'Museum' })).id;
    manager = await staffLogin(t.app, t.db, organisationId, 'Max Manager', 'manager');
  });
  afterAll(() => t.close());

  const as = (headers: Record<string, string>) => ({
    list: () => t.app.inject({ method: 'GET', url: '/api/staff/accounts', headers }),
    add: (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/staff/accounts?language=nl', headers, payload }),
    change: (id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${id}`, headers, payload }),
    disable: (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/staff/accounts/${id}/disable`, headers }),
    enable: (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/staff/accounts/${id}/enable`, headers }),
    link: (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/staff/accounts/${id}/password-link`, headers }),
    audit: () => t.app.inject({ method: 'GET', url: '/api/staff/audit', headers }),
  });
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/staff/password', payload: { token, password } });
  const login = (email: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/staff/login', payload: { email, password } });

  /** The newest audit entry of `action`. */
  async function lastAudit(action: string) {
    const [entry] = await t.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.action, action))
      .orderBy(desc(s.auditLog.id))
      .limit(1);
    return entry;
  }

  /** Sends the outbox and answers the token of the set-password link mailed to `address`. */
  async function mailedToken(address: string): Promise<string> {
    mailer.sent.length = 0;
    await t.deliverMail();
    const mail = mailer.sent.find((sent) => typeof sent.to !== 'string' && sent.to.address === address);
    if (!mail) throw new Error(`no mail to ${address}`);
    const url = new URL(/https:\/\/\S+/.exec(mail.text)![0]);
    expect(url.origin + url.pathname).toBe('https://shop.example/staff/password');
    return url.searchParams.get('token')!;
  }

  /** A new account added by the manager, with its password set through its link. */
  async function addedAccount(email: string, role: string) {
    const added = await as(manager.headers).add({ email, name: 'New Person', role });
    expect(added.statusCode, added.body).toBe(201);
    expect((await setPassword(await mailedToken(email))).statusCode).toBe(200);
    return added.json<{ id: number }>().id;
  }

  it('refuses door and box-office staff every account route and the whole audit log, and anyone without a session', async () => {
    const { id } = await addStaffUser(t.db, {
      organisationId,
      email: 'target@example.test',
      password: 'target password',
    });
    const before = await t.db.select().from(s.auditLog);
    const staffBefore = await t.db.select().from(s.staffUsers);
    const requests = (client: ReturnType<typeof as>) => [
      client.list(),
      client.add({ email: 'sneaky@example.test', name: 'Sneaky', role: 'manager' }),
      client.change(id, { role: 'manager' }),
      client.disable(id),
      client.enable(id),
      client.link(id),
      client.audit(),
    ];
    for (const role of ['door', 'box-office'] as const) {
      const { headers } = await staffLogin(t.app, t.db, organisationId, 'Not a manager', role);
      for (const response of await Promise.all(requests(as(headers)))) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json().error.code).toBe('STAFF_FORBIDDEN');
      }
    }
    for (const response of await Promise.all(requests(as({})))) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('STAFF_UNAUTHENTICATED');
    }
    expect(await t.db.select().from(s.auditLog)).toEqual(before);
    expect(await t.db.select().from(s.staffUsers)).toHaveLength(staffBefore.length + 2);
    expect(
      await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, 'sneaky@example.test')),
    ).toEqual([]);
  });

  it('lets a manager list the staff and add an account without a password, mailing the person a link', async () => {
    const added = await as(manager.headers).add({
      email: ' Desk@Example.test ',
      name: 'Dee Desk',
      role: 'box-office',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      email: 'desk@example.test',
      name: 'Dee Desk',
      role: 'box-office',
      active: true,
      password_set: false,
    });
    const listed = (await as(manager.headers).list()).json<{ accounts: { email: string }[] }>().accounts;
    expect(listed.map((account) => account.email)).toContain('desk@example.test');
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|password_hash/);

    mailer.sent.length = 0;
    expect(await t.deliverMail()).toMatchObject({ sent: 1 });
    const mail = mailer.sent[0]!;
    expect(mail.to).toEqual({ name: 'Dee Desk', address: 'desk@example.test' });
    // In the manager's language (?language=nl).
    expect(mail.subject).toBe('Stel je medewerkerswachtwoord voor Museum in');
    expect(mail.text).toContain(`binnen ${STAFF_PASSWORD_LINK_HOURS} uur`);
    expect(mail.text).toContain('desk@example.test');

    expect(await lastAudit('staff.add')).toMatchObject({
      organisationId,
      actor: manager.email,
      subject: 'desk@example.test',
      before: null,
      after: { email: 'desk@example.test', name: 'Dee Desk', role: 'box-office' },
    });
  });

  it('sets the password once through the mailed link; the person then logs in with their role', async () => {
    await as(manager.headers).add({ email: 'once@example.test', name: 'Onno', role: 'box-office' });
    const token = await mailedToken('once@example.test');
    expect((await login('once@example.test')).statusCode).toBe(401);

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ email: 'once@example.test' });
    const session = await login('once@example.test');
    expect(session.statusCode).toBe(200);
    expect(session.json().staff.role).toBe('box-office');

    const again = await setPassword(token, 'another long password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('STAFF_PASSWORD_LINK_INVALID');
    expect((await login('once@example.test', 'another long password')).statusCode).toBe(401);

    const [account] = await t.db
      .select()
      .from(s.staffUsers)
      .where(eq(s.staffUsers.email, 'once@example.test'));
    expect(await lastAudit('staff.password_set')).toMatchObject({
      actor: 'once@example.test',
      staffUserId: account!.id,
      subject: 'once@example.test',
    });
  });

  it('refuses a password that is too short without spending the link', async () => {
    await as(manager.headers).add({ email: 'short@example.test', name: '', role: 'door' });
    const token = await mailedToken('short@example.test');
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('PASSWORD_TOO_SHORT');
    expect((await setPassword(token)).statusCode).toBe(200);
  });

  it(`lets the link expire after ${STAFF_PASSWORD_LINK_HOURS} hours`, async () => {
    await as(manager.headers).add({ email: 'late@example.test', name: 'Late', role: 'door' });
    const token = await mailedToken('late@example.test');
    const started = clock;
    try {
      clock = new Date(started.getTime() + STAFF_PASSWORD_LINK_HOURS * 3600_000 + 1000);
      const late = await setPassword(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().error.code).toBe('STAFF_PASSWORD_LINK_INVALID');
    } finally {
      clock = started;
    }
    // Just inside the window the same link still works.
    clock = new Date(started.getTime() + STAFF_PASSWORD_LINK_HOURS * 3600_000 - 1000);
    try {
      expect((await setPassword(token)).statusCode).toBe(200);
    } finally {
      clock = started;
    }
  });

  it('makes links of 128 random bits, stores only their hash, and lets only the newest one work', async () => {
    const added = await as(manager.headers).add({ email: 'bits@example.test', name: 'Bits', role: 'door' });
    const first = await mailedToken('bits@example.test');
    expect(Buffer.from(first, 'base64url')).toHaveLength(16);
    const resent = await as(manager.headers).link(added.json().id);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await mailedToken('bits@example.test');
    expect(second).not.toBe(first);
    const stored = await t.db
      .select()
      .from(s.staffPasswordLinks)
      .where(eq(s.staffPasswordLinks.staffUserId, added.json().id));
    expect(stored.map((link) => link.tokenHash)).toEqual([tokenHash(second)]);
    expect(JSON.stringify(stored)).not.toContain(second);
    expect((await setPassword(first)).json().error.code).toBe('STAFF_PASSWORD_LINK_INVALID');
    expect((await setPassword(second)).statusCode).toBe(200);
    expect(await lastAudit('staff.password_link')).toMatchObject({
      actor: manager.email,
      subject: 'bits@example.test',
    });
  });

  it('refuses an e-mail that has an account already, and one that is no address, writing nothing', async () => {
    const entries = (await t.db.select().from(s.auditLog)).length;
    const taken = await as(manager.headers).add({
      email: 'DESK@example.test',
      name: 'Twin',
      role: 'manager',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('STAFF_EMAIL_TAKEN');
    const notAnAddress = await as(manager.headers).add({ email: 'desk at example', name: 'X', role: 'door' });
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json().error.code).toBe('INVALID_EMAIL');
    const badRole = await as(manager.headers).add({ email: 'who@example.test', name: 'X', role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    expect(await t.db.select().from(s.auditLog)).toHaveLength(entries);
    const [desk] = await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, 'desk@example.test'));
    expect(desk).toMatchObject({ name: 'Dee Desk', role: 'box-office' });
  });

  it('changes name and role, logging only the fields that changed', async () => {
    const id = await addedAccount('change@example.test', 'door');
    const changed = await as(manager.headers).change(id, { name: 'Chris Change', role: 'box-office' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Chris Change', role: 'box-office', password_set: true });
    expect(await lastAudit('staff.change')).toMatchObject({
      actor: manager.email,
      subject: 'change@example.test',
      before: { name: 'New Person', role: 'door' },
      after: { name: 'Chris Change', role: 'box-office' },
    });
    const roleOnly = await as(manager.headers).change(id, { name: 'Chris Change', role: 'manager' });
    expect(roleOnly.statusCode).toBe(200);
    expect(await lastAudit('staff.change')).toMatchObject({
      before: { role: 'box-office' },
      after: { role: 'manager' },
    });
    const entries = (await t.db.select().from(s.auditLog)).length;
    expect((await as(manager.headers).change(id, { role: 'manager' })).statusCode).toBe(200);
    expect(await t.db.select().from(s.auditLog)).toHaveLength(entries);
    const nothing = await as(manager.headers).change(id, {});
    expect(nothing.statusCode).toBe(400);
  });

  it("ends the person's sessions at once when disabled; enabled, they log in again", async () => {
    const id = await addedAccount('leaving@example.test', 'box-office');
    const session = await login('leaving@example.test');
    const headers = { authorization: `Bearer ${session.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers })).statusCode).toBe(200);

    const disabled = await as(manager.headers).disable(id);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ active: false });
    const after = await t.app.inject({ method: 'GET', url: '/api/staff/today/orders?q=1', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('STAFF_UNAUTHENTICATED');
    expect(await t.db.select().from(s.staffSessions).where(eq(s.staffSessions.staffUserId, id))).toEqual([]);
    expect((await login('leaving@example.test')).statusCode).toBe(401);
    expect(await lastAudit('staff.disable')).toMatchObject({
      actor: manager.email,
      subject: 'leaving@example.test',
      before: { active: true },
      after: { active: false },
    });
    const link = await as(manager.headers).link(id);
    expect(link.statusCode).toBe(409);
    expect(link.json().error.code).toBe('STAFF_DISABLED');

    const enabled = await as(manager.headers).enable(id);
    expect(enabled.json()).toMatchObject({ active: true });
    expect((await login('leaving@example.test')).statusCode).toBe(200);
    expect(await lastAudit('staff.enable')).toMatchObject({
      before: { active: false },
      after: { active: true },
    });
  });

  it("voids a disabled person's unused link, and answers 404 for an account of another shop", async () => {
    const added = await as(manager.headers).add({ email: 'void@example.test', name: 'Void', role: 'door' });
    const token = await mailedToken('void@example.test');
    await as(manager.headers).disable(added.json().id);
    await as(manager.headers).enable(added.json().id);
    expect((await setPassword(token)).json().error.code).toBe('STAFF_PASSWORD_LINK_INVALID');

    const other = await createOrganisation(t.db);
    const { id } = await addStaffUser(t.db, {
      organisationId: other.id,
      email: 'elsewhere@example.test',
      password: 'elsewhere password',
      role: 'manager',
    });
    for (const response of [
      await as(manager.headers).change(id, { role: 'door' }),
      await as(manager.headers).disable(id),
      await as(manager.headers).link(id),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('STAFF_NOT_FOUND');
    }
    const listed = (await as(manager.headers).list()).json<{ accounts: { email: string }[] }>().accounts;
    expect(listed.map((account) => account.email)).not.toContain('elsewhere@example.test');
    const [untouched] = await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.id, id));
    expect(untouched).toMatchObject({ role: 'manager', disabledAt: null });
    expect(
      await t.db
        .select()
        .from(s.auditLog)
        .where(and(eq(s.auditLog.organisationId, other.id), like(s.auditLog.action, 'staff.%'))),
    ).toEqual([]);
  });
});
