import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { paidTickets, staffLogin } from './staff-fixtures.ts';

// 12:00 in Amsterdam on Wednesday 10 June 2026.
const NOON = new Date('2026-06-10T10:00:00Z');

/**
 * Extras are bought once for an order's item, not once per ticket
 * (decision 0185): the door hands them out with the first ticket of the
 * order that comes in, and says they were handed out on every later scan —
 * online, and offline from today's list.
 */
describe('extras are handed out once per order at the door', () => {
  let test: TestApp;
  let organisationId: number;
  let staff: Awaited<ReturnType<typeof staffLogin>>;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => NOON });
    organisationId = (await createOrganisation(test.db)).id;
    staff = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
  });
  afterAll(() => test.close());

  async function scan(code: string) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/scans',
      headers: staff.headers,
      payload: { code },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('says "hand out" on the first scan of the order only, and "handed out" on the others', async () => {
    const { secrets, order } = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 4);
    const first = await scan(secrets[0]!);
    expect(first).toMatchObject({
      result: 'VALID',
      ticket: {
        order: formatOrderReference(order.reference),
        upsells: [{ title: 'Map', quantity: 2 }],
        upsells_handed_out: false,
      },
    });
    const second = await scan(secrets[1]!);
    expect(second).toMatchObject({ result: 'VALID', ticket: { upsells_handed_out: true } });
    // The first ticket scanned again: nothing more to hand out either.
    expect(await scan(secrets[0]!)).toMatchObject({
      result: 'ALREADY_USED',
      ticket: { upsells_handed_out: true },
    });
  });

  it('hands them out again after the first admission was undone (the visitor did not come in)', async () => {
    const { secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 2);
    const first = await scan(secrets[0]!);
    const undone = await test.app.inject({
      method: 'POST',
      url: `/api/staff/admissions/${first.admission_id}/undo`,
      headers: staff.headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await scan(secrets[1]!)).toMatchObject({ result: 'VALID', ticket: { upsells_handed_out: false } });
  });

  it("today's offline list says, per ticket, whether its order's extras were handed out, and groups tickets by order and item", async () => {
    const fresh = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 3);
    const started = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 3);
    await scan(started.secrets[0]!);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/staff/offline-list',
      headers: staff.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json().tickets as {
      ticket: { order: string; item: number; upsells_handed_out: boolean };
    }[];
    const of = (reference: string) =>
      entries.filter((entry) => entry.ticket.order === formatOrderReference(reference));
    expect(of(fresh.order.reference)).toHaveLength(3);
    expect(of(fresh.order.reference).every((entry) => !entry.ticket.upsells_handed_out)).toBe(true);
    expect(of(started.order.reference).every((entry) => entry.ticket.upsells_handed_out)).toBe(true);
    expect(new Set(of(fresh.order.reference).map((entry) => entry.ticket.item))).toEqual(new Set([0]));
  });
});
