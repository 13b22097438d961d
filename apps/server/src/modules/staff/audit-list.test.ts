/**
 * The audit log as managers read it (decision 0246): newest first, filtered
 * by action, staff member, order number and dates in the shop's time zone,
 * in pages; and one order's entries for its order page.
 */
import type { AuditPage } from '@kassa/domain/contract/staff-audit';
import { AUDIT_PAGE_SIZE } from '@kassa/domain/contract/staff-audit';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { orderAuditEntries } from '../../lib/audit-entries.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { paidOrder, staffLogin } from './staff-fixtures.ts';

describe('the audit log for managers (decision 0246)', () => {
  let t: TestApp;
  let organisationId: number;
  let headers: Record<string, string>;
  let deskId: number;
  let order: Awaited<ReturnType<typeof paidOrder>>;
  let otherOrder: Awaited<ReturnType<typeof paidOrder>>;

  /** An entry written at `at`, as appendAudit writes it (the column's default is the transaction's clock). */
  async function entry(values: Partial<typeof s.auditLog.$inferInsert> & { at: string }) {
    const { at, ...rest } = values;
    await t.db.insert(s.auditLog).values({
      organisationId,
      actor: 'system',
      action: 'order.resend',
      createdAt: new Date(at),
      ...rest,
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    // New York: five hours behind UTC in winter, so a shop date and a UTC date differ in the evening.
    organisationId = (await createOrganisation(t.db, { timeZone: 'America/New_York' })).id;
    headers = (await staffLogin(t.app, t.db, organisationId, 'Max Manager', 'manager')).headers;
    const desk = await staffLogin(t.app, t.db, organisationId, 'Dee Desk', 'box-office');
    const [deskRow] = await t.db.select().from(s.staffUsers).where(eq(s.staffUsers.email, desk.email));
    deskId = deskRow!.id;
    order = await paidOrder(t.db, organisationId);
    otherOrder = await paidOrder(t.db, organisationId);
    // 120 entries, one a minute on 2026-01-10 from 12:00 UTC, newest last.
    for (let i = 0; i < 120; i += 1) {
      const at = new Date(Date.UTC(2026, 0, 10, 12, i)).toISOString();
      await entry({ at, action: i % 2 ? 'order.resend' : 'order.correct', orderId: otherOrder.id });
    }
    await entry({
      at: '2026-01-11T03:30:00Z', // 22:30 on 10 January in New York
      action: 'order.cancel',
      staffUserId: deskId,
      actor: desk.email,
      orderId: order.id,
      amountCents: 2500,
      before: { status: 'PAID' },
      after: { status: 'CANCELLED' },
    });
    await entry({ at: '2026-01-11T05:30:00Z', action: 'staff.add', subject: 'new@example.test' });
    await entry({ at: '2026-01-11T05:31:00Z', action: 'staff.password_set', subject: 'new@example.test' });
    await entry({ at: '2026-01-11T05:32:00Z', action: 'staffing.plan' });
    await entry({ at: '2026-01-11T05:33:00Z', action: 'staff.passwordXset' });
    // Another shop's entry is never shown.
    const other = await createOrganisation(t.db);
    await t.db
      .insert(s.auditLog)
      .values({ organisationId: other.id, actor: 'system', action: 'staff.add', createdAt: new Date() });
  });
  afterAll(() => t.close());

  async function audit(query = ''): Promise<AuditPage> {
    const response = await t.app.inject({ method: 'GET', url: `/api/staff/audit${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  }

  it('lists the whole log newest first, in pages, with the total and every action for the filter', async () => {
    const first = await audit();
    expect(first.total).toBe(125);
    expect(first.page_size).toBe(AUDIT_PAGE_SIZE);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries.slice(0, 3).map((e) => e.action)).toEqual([
      'staff.passwordXset',
      'staffing.plan',
      'staff.password_set',
    ]);
    const ats = first.entries.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const third = await audit('?page=3');
    expect(third.page).toBe(3);
    expect(third.entries).toHaveLength(125 - 2 * AUDIT_PAGE_SIZE);
    // The oldest entry ends the last page; no entry is on two pages.
    expect(third.entries.at(-1)!.at).toBe('2026-01-10T12:00:00.000Z');
    const second = await audit('?page=2');
    const ids = [...first.entries, ...second.entries, ...third.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(125);
    expect((await audit('?page=4')).entries).toEqual([]);
    expect(first.actions).toEqual([
      'order.cancel',
      'order.correct',
      'order.resend',
      'staff.add',
      'staff.passwordXset',
      'staff.password_set',
      'staffing.plan',
    ]);
  });

  it('names the order by its reference and the staff member by e-mail and name, with what changed', async () => {
    const { entries } = await audit('?action=order.cancel');
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        at: '2026-01-11T03:30:00.000Z',
        actor: expect.stringMatching(/@example\.test$/),
        actor_name: 'Dee Desk',
        action: 'order.cancel',
        order: order.reference,
        subject: null,
        before: { status: 'PAID' },
        after: { status: 'CANCELLED' },
        amount_cents: 2500,
      },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(new RegExp(`"order_id"|:${order.id}[,}]`));
  });

  it('filters by an action or the group it heads, not by a look-alike', async () => {
    const staff = await audit('?action=staff');
    expect(staff.entries.map((e) => e.action)).toEqual([
      'staff.passwordXset',
      'staff.password_set',
      'staff.add',
    ]);
    // An underscore is a letter, not a wildcard.
    expect((await audit('?action=staff.password_set')).entries.map((e) => e.action)).toEqual([
      'staff.password_set',
    ]);
    expect((await audit('?action=order.resend')).total).toBe(60);
    expect((await audit('?action=nothing.here')).total).toBe(0);
  });

  it('filters by staff member and by order number as people type it', async () => {
    const byDesk = await audit(`?staff=${deskId}`);
    expect(byDesk.entries.map((e) => e.action)).toEqual(['order.cancel']);
    const typed = encodeURIComponent(formatOrderReference(order.reference));
    expect((await audit(`?order=${typed}`)).entries.map((e) => e.action)).toEqual(['order.cancel']);
    expect((await audit(`?order=${otherOrder.reference}&action=order.correct`)).total).toBe(60);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/staff/audit?order=12345', headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('ORDER_REFERENCE_INVALID');
  });

  it("filters by dates in the shop's time zone, both ends included", async () => {
    // 03:30 UTC on 11 January is still 10 January in New York.
    const tenth = await audit('?from=2026-01-10&to=2026-01-10');
    expect(tenth.total).toBe(121);
    expect(tenth.entries[0]!.action).toBe('order.cancel');
    const eleventh = await audit('?from=2026-01-11');
    expect(eleventh.entries.map((e) => e.action)).toEqual([
      'staff.passwordXset',
      'staffing.plan',
      'staff.password_set',
      'staff.add',
    ]);
    expect((await audit('?to=2026-01-09')).total).toBe(0);
    const invalid = await t.app.inject({ method: 'GET', url: '/api/staff/audit?from=2026-02-31', headers });
    expect(invalid.statusCode).toBe(400);
  });

  it("answers an order's entries, newest first, for its order page", async () => {
    const entries = await orderAuditEntries(t.db, otherOrder.id);
    expect(entries).toHaveLength(120);
    expect(entries[0]).toMatchObject({ at: '2026-01-10T13:59:00.000Z', order: otherOrder.reference });
    expect(entries.at(-1)).toMatchObject({ at: '2026-01-10T12:00:00.000Z' });
    expect((await orderAuditEntries(t.db, order.id)).map((e) => e.action)).toEqual(['order.cancel']);
  });
});
