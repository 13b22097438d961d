/**
 * A shop with a manager keeps one (decision 0245): no manager can demote or
 * disable the last active manager, themselves included. On native
 * PostgreSQL two managers demoting each other at the same moment are
 * raced: a blocking transaction holds both manager rows FOR UPDATE until
 * both requests wait on it, then lets them go. The negative control reads
 * the managers without the lock and shows the race is real: both win and
 * the shop is left without a manager.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tx } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { staffLogin } from './staff-fixtures.ts';

/** The negative control switches the lock off: managers are then read without FOR UPDATE. */
const control = vi.hoisted(() => ({ unlocked: false }));
vi.mock(import('./last-manager.ts'), async (importOriginal) => {
  const original = await importOriginal();
  const { and, asc, eq, isNull } = await import('drizzle-orm');
  const { staffUsers } = await import('../../db/schema.ts');
  return {
    ...original,
    async lockActiveManagers(tx: Tx, organisationId: number) {
      if (!control.unlocked) return original.lockActiveManagers(tx, organisationId);
      const rows = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(
          and(
            eq(staffUsers.organisationId, organisationId),
            eq(staffUsers.role, 'manager'),
            isNull(staffUsers.disabledAt),
          ),
        )
        .orderBy(asc(staffUsers.id));
      return rows.map((row) => row.id);
    },
  };
});

type Login = Awaited<ReturnType<typeof staffLogin>>;

async function accountId(t: TestApp, email: string): Promise<number> {
  const [row] = await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, email));
  return row!.id;
}

describe('the last active manager (decision 0245)', () => {
  let t: TestApp;
  let organisationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    organisationId = (await createOrganisation(t.db)).id;
  });
  afterAll(() => t.close());

  const change = (by: Login, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/staff/accounts/${id}`, headers: by.headers, payload });
  const disable = (by: Login, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/staff/accounts/${id}/disable`, headers: by.headers });

  it('refuses to demote or disable the only active manager, themselves included, with a clear error', async () => {
    const only = await staffLogin(t.app, t.db, organisationId, 'Only Manager', 'manager');
    const id = await accountId(t, only.email);
    const entries = (await t.db.select().from(s.auditLog)).length;
    for (const response of [
      await change(only, id, { role: 'box-office' }),
      await change(only, id, { role: 'door' }),
      await disable(only, id),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'STAFF_LAST_MANAGER',
        message: 'The shop needs an active manager: make someone else manager first',
      });
    }
    const [row] = await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.id, id));
    expect(row).toMatchObject({ role: 'manager', disabledAt: null });
    expect(await t.db.select().from(s.auditLog)).toHaveLength(entries);
    // A name change is no demotion.
    expect((await change(only, id, { name: 'Still Manager' })).statusCode).toBe(200);
  });

  it('lets a manager step down once another is active, and then protects the other; a disabled manager does not count', async () => {
    const [first] = await t.db
      .select()
      .from(s.staffUsers)
      .where(eq(s.staffUsers.organisationId, organisationId));
    const second = await staffLogin(t.app, t.db, organisationId, 'Second Manager', 'manager');
    const third = await staffLogin(t.app, t.db, organisationId, 'Third Manager', 'manager');
    const secondId = await accountId(t, second.email);
    const thirdId = await accountId(t, third.email);
    // Three active managers: the first is disabled, the second steps down to the box office.
    expect((await disable(second, first!.id)).statusCode).toBe(200);
    expect((await change(second, secondId, { role: 'box-office' })).statusCode).toBe(200);
    // The third is the last active one now (the disabled first still has the role).
    const refused = await disable(third, thirdId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('STAFF_LAST_MANAGER');
    // Enabling the first makes two again, and the third may go.
    await t.app.inject({
      method: 'POST',
      url: `/api/staff/accounts/${first!.id}/enable`,
      headers: third.headers,
    });
    expect((await change(third, thirdId, { role: 'door' })).statusCode).toBe(200);
  });
});

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)(
  'two managers demoting each other at once (native PostgreSQL only: set TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let organisationId: number;

    beforeAll(async () => {
      t = await createTestApp();
      organisationId = (await createOrganisation(t.db)).id;
    });
    afterAll(() => t?.close());

    async function waitingOnLocks(): Promise<number> {
      const result = await t.db.execute(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      return Number((result as unknown as { rows: Array<{ waiting: number }> }).rows[0]!.waiting);
    }

    /** Two managers of a new shop each demote the other, released together: their statuses and the managers left. */
    async function demoteEachOther(): Promise<{ statuses: number[]; managersLeft: number }> {
      // Each race starts from a shop with no manager but the two racing.
      await t.db.update(s.staffUsers).set({ role: 'door' });
      const a = await staffLogin(t.app, t.db, organisationId, 'Ann Manager', 'manager');
      const b = await staffLogin(t.app, t.db, organisationId, 'Bob Manager', 'manager');
      const ids = [await accountId(t, a.email), await accountId(t, b.email)];
      let race: Promise<number[]> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${s.staffUsers} where ${s.staffUsers.organisationId} = ${organisationId} for update`,
        );
        race = Promise.all([
          change(a, ids[1]!, { role: 'door' }).then((response) => response.statusCode),
          change(b, ids[0]!, { role: 'door' }).then((response) => response.statusCode),
        ]);
        const deadline = Date.now() + 60_000;
        while ((await waitingOnLocks()) < 2) {
          if (Date.now() > deadline) throw new Error('the two changes never both waited on the block');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      const statuses = (await race!).sort();
      const managers = await t.db
        .select()
        .from(s.staffUsers)
        .where(eq(s.staffUsers.organisationId, organisationId));
      return { statuses, managersLeft: managers.filter((row) => row.role === 'manager').length };
    }

    function change(by: Login, id: number, payload: object) {
      return t.app.inject({
        method: 'PATCH',
        url: `/api/staff/accounts/${id}`,
        headers: by.headers,
        payload,
      });
    }

    it('lets one demotion through and refuses the other: one manager is left', async () => {
      control.unlocked = false;
      expect(await demoteEachOther()).toEqual({ statuses: [200, 409], managersLeft: 1 });
    }, 120_000);

    it('leaves the shop without a manager when the managers are read without the lock (negative control: the race is real)', async () => {
      control.unlocked = true;
      try {
        expect(await demoteEachOther()).toEqual({ statuses: [200, 200], managersLeft: 0 });
      } finally {
        control.unlocked = false;
      }
    }, 120_000);
  },
);
