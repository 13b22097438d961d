import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { paidTickets, staffLogin } from './staff-fixtures.ts';

const NOON = new Date('2026-06-10T10:00:00Z');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("today's page, order search, and offline admission", () => {
  let test: TestApp;
  let clock = NOON;
  let organisationId: number;
  let door: Awaited<ReturnType<typeof staffLogin>>;
  let gate: Awaited<ReturnType<typeof staffLogin>>;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    organisationId = (await createOrganisation(test.db)).id;
    door = await staffLogin(test.app, test.db, organisationId, 'Door');
    gate = await staffLogin(test.app, test.db, organisationId, 'Gate');
  });
  afterAll(() => test.close());

  const get = (url: string, headers = door.headers) => test.app.inject({ url, headers });
  const scan = (code: string, headers = door.headers) =>
    test.app.inject({ method: 'POST', url: '/api/staff/scans', headers, payload: { code } });

  it("lists today's valid tickets as SHA-256 hashes only, with what staff need to see", async () => {
    const today = await paidTickets(test.db, organisationId, { date: '2026-06-10', startTime: '11:00' }, 2);
    const tomorrow = await paidTickets(test.db, organisationId, { date: '2026-06-11' });
    const refunded = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 1, 'REFUND_REQUIRED');
    await scan(today.secrets[0]!);
    const response = await get('/api/staff/offline-list');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    for (const secret of [...today.secrets, ...tomorrow.secrets, ...refunded.secrets]) {
      expect(response.body).not.toContain(secret);
    }
    const list = response.json();
    expect(list.day).toBe('2026-06-10');
    const hashes = new Map(list.tickets.map((entry: { hash: string }) => [entry.hash, entry]));
    expect(hashes.get(sha256(today.secrets[0]!))).toMatchObject({
      admitted: true,
      ticket: { start: '11:00' },
    });
    expect(hashes.get(sha256(today.secrets[1]!))).toMatchObject({
      admitted: false,
      ticket: { product: 'Zoo day' },
    });
    expect(hashes.has(sha256(tomorrow.secrets[0]!))).toBe(false);
    expect(hashes.has(sha256(refunded.secrets[0]!))).toBe(false);
  });

  it('admits queued offline scans when the scanner is back, and reports a ticket let in twice', async () => {
    clock = NOON;
    const { secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 3);
    // Offline, Door let in tickets 0 and 1; meanwhile Gate, online, let in ticket 1 too.
    expect((await scan(secrets[1]!, gate.headers)).json().result).toBe('VALID');
    clock = new Date(NOON.getTime() + 10 * 60_000);
    const sync = (admissions: Array<{ code: string; scanned_at: string }>) =>
      test.app.inject({
        method: 'POST',
        url: '/api/staff/scans/sync',
        headers: door.headers,
        payload: { admissions },
      });
    const queued = [
      { code: secrets[1]!, scanned_at: new Date(NOON.getTime() + 2 * 60_000).toISOString() },
      { code: secrets[0]!, scanned_at: new Date(NOON.getTime() + 60_000).toISOString() },
    ];
    const first = await sync(queued);
    expect(first.statusCode).toBe(200);
    expect(first.json().results).toMatchObject([
      { code: secrets[0], result: 'VALID', duplicate: false },
      {
        code: secrets[1],
        result: 'ALREADY_USED',
        duplicate: true,
        admitted: { at: NOON.toISOString(), by: 'Gate' },
        ticket: { product: 'Zoo day' },
      },
    ]);
    // A retried sync (the answer got lost) admits nothing new and records the double entry once.
    const retried = await sync(queued);
    expect(
      retried.json().results.map((r: { result: string; duplicate: boolean }) => [r.result, r.duplicate]),
    ).toEqual([
      ['VALID', false],
      ['ALREADY_USED', true],
    ]);
    // Online, the offline admission counts like any other.
    expect((await scan(secrets[0]!, gate.headers)).json()).toMatchObject({
      result: 'ALREADY_USED',
      admitted: { at: new Date(NOON.getTime() + 60_000).toISOString(), by: 'Door' },
    });

    const today = (await get('/api/staff/today')).json();
    expect(today.duplicates).toEqual([
      {
        product: 'Zoo day',
        order: expect.stringMatching(/^\d{4} \d{4} \d{3}$/),
        at: new Date(NOON.getTime() + 2 * 60_000).toISOString(),
        by: 'Door',
      },
    ]);
  });

  it("shows today's plots with capacity, sold, reserved and admitted", async () => {
    clock = NOON;
    const show = await paidTickets(
      test.db,
      organisationId,
      { date: '2026-06-10', startTime: '15:00', endTime: '16:00' },
      3,
    );
    await test.db.insert(s.capacityHolds).values([
      {
        orderId: show.order.id,
        plotId: show.plot.id,
        quantity: 4,
        status: 'RESERVED',
        expiresAt: new Date('2026-06-12T00:00:00Z'),
      },
      {
        orderId: show.order.id,
        plotId: show.plot.id,
        quantity: 2,
        status: 'PENDING',
        expiresAt: new Date(NOON.getTime() + 60_000),
      },
      {
        orderId: show.order.id,
        plotId: show.plot.id,
        quantity: 7,
        status: 'PENDING',
        expiresAt: new Date(NOON.getTime() - 60_000),
      },
    ]);
    clock = new Date('2026-06-10T12:45:00Z');
    await scan(show.secrets[0]!);
    clock = NOON;
    const today = (await get('/api/staff/today')).json();
    expect(today.day).toBe('2026-06-10');
    expect(today.plots.find((plot: { plot: number }) => plot.plot === show.plot.id)).toEqual({
      plot: show.plot.id,
      product: 'Zoo day',
      start: '15:00',
      end: '16:00',
      capacity: 50,
      sold: 3,
      reserved: 6,
      admitted: 1,
    });
  });

  it('finds orders by reference or by e-mail (any case), with each ticket and whether it was let in', async () => {
    clock = NOON;
    const { order, secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 2);
    await scan(secrets[1]!);
    // By the reference as the customer reads it out (decision 0104); the internal id finds nothing.
    const byNumber = (
      await get(`/api/staff/today/orders?q=${encodeURIComponent(formatOrderReference(order.reference))}`)
    ).json();
    expect(byNumber.orders).toHaveLength(1);
    expect((await get(`/api/staff/today/orders?q=${order.id}`)).json()).toEqual({ orders: [] });
    expect(byNumber.orders[0]).toMatchObject({
      reference: order.reference,
      status: 'PAID',
      customer: { name: 'Ada Lovelace', email: 'Ada@Example.test' },
    });
    expect(byNumber.orders[0].tickets.map((t: { state: string }) => t.state).sort()).toEqual([
      'ADMITTED',
      'NOT_ADMITTED',
    ]);
    expect(JSON.stringify(byNumber)).not.toContain(secrets[0]!);

    const byEmail = (await get('/api/staff/today/orders?q=ADA@example.TEST')).json();
    expect(byEmail.orders.map((o: { reference: string }) => o.reference)).toContain(order.reference);
    expect((await get('/api/staff/today/orders?q=nobody@example.test')).json()).toEqual({ orders: [] });
    expect((await get('/api/staff/today/orders?q=lovelace')).json()).toEqual({ orders: [] });
  });
});
