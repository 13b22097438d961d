import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { appendAudit } from '../../lib/audit-log.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { staffLogin } from './staff-fixtures.ts';

describe('staff roles and the audit log', () => {
  let test: TestApp;
  let organisationId: number;

  beforeAll(async () => {
    test = await createTestApp();
    organisationId = (await createOrganisation(test.db)).id;
  });
  afterAll(() => test.close());

  it('tells the staff app the role of the token, and makes accounts without one door staff', async () => {
    const door = await staffLogin(test.app, test.db, organisationId);
    const manager = await staffLogin(test.app, test.db, organisationId, 'Max Manager', 'manager');
    const me = (headers: Record<string, string>) =>
      test.app
        .inject({ method: 'GET', url: '/api/staff/me', headers })
        .then((r) => r.json<{ role: string }>());
    expect((await me(door.headers)).role).toBe('door');
    expect((await me(manager.headers)).role).toBe('manager');
  });

  it('lets every role work at the door', async () => {
    for (const role of ['door', 'box-office', 'manager'] as const) {
      const { headers } = await staffLogin(test.app, test.db, organisationId, 'Someone', role);
      const today = await test.app.inject({ method: 'GET', url: '/api/staff/today', headers });
      expect(today.statusCode, role).toBe(200);
    }
  });

  it('keeps the audit log append-only: an entry cannot be changed or removed', async () => {
    await appendAudit(test.db, {
      organisationId,
      actor: { kind: 'system' },
      action: 'test.append',
      after: { note: 'written once' },
      amountCents: 150,
    });
    const [entry] = await test.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'test.append'));
    expect(entry).toMatchObject({ actor: 'system', amountCents: 150, after: { note: 'written once' } });
    expect(
      await refusal(test.db.update(s.auditLog).set({ amountCents: 0 }).where(eq(s.auditLog.id, entry!.id))),
    ).toMatch(/audit_log is append-only: UPDATE refused/);
    expect(await refusal(test.db.delete(s.auditLog).where(eq(s.auditLog.id, entry!.id)))).toMatch(
      /audit_log is append-only: DELETE refused/,
    );
    const [kept] = await test.db.select().from(s.auditLog).where(eq(s.auditLog.id, entry!.id));
    expect(kept).toEqual(entry);
  });
});

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
    return 'not refused';
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
}
