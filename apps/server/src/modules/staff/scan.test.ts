import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation, createSubscription } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { clientPass, paidOrder, paidTickets, staffLogin } from './staff-fixtures.ts';

// 12:00 in Amsterdam on Wednesday 10 June 2026.
const NOON = new Date('2026-06-10T10:00:00Z');

describe('scanning tickets and passes at the door', () => {
  let test: TestApp;
  let clock = NOON;
  let organisationId: number;
  let staff: Awaited<ReturnType<typeof staffLogin>>;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => clock });
    organisationId = (await createOrganisation(test.db)).id;
    staff = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
  });
  afterAll(() => test.close());

  async function scan(code: string, headers = staff.headers) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/scans',
      headers,
      payload: { code },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('admits a ticket for today once, with product, slot, audience and extras; the second scan says when and by whom', async () => {
    clock = NOON;
    const { secrets, order } = await paidTickets(
      test.db,
      organisationId,
      {
        date: '2026-06-10',
        startTime: '11:45',
        endTime: '13:00',
      },
      2,
    );
    const first = await scan(secrets[0]!);
    expect(first).toMatchObject({
      result: 'VALID',
      ticket: {
        order: formatOrderReference(order.reference),
        product: 'Zoo day',
        audience: 'Adult',
        date: '2026-06-10',
        start: '11:45',
        end: '13:00',
        upsells: [{ title: 'Map', quantity: 2 }],
        order_admitted: 1,
        order_tickets: 2,
      },
      admitted: null,
    });
    expect(first.admission_id).toEqual(expect.any(Number));
    expect(Date.parse(first.undo_until)).toBe(NOON.getTime() + 5 * 60_000);

    clock = new Date(NOON.getTime() + 60_000);
    const again = await scan(secrets[0]!);
    expect(again).toMatchObject({
      result: 'ALREADY_USED',
      admission_id: null,
      admitted: { at: NOON.toISOString(), by: 'Sam Door' },
      ticket: { order_admitted: 1 },
    });
    // The order's other ticket is its own person.
    expect(await scan(` ${secrets[1]!} `)).toMatchObject({ result: 'VALID', ticket: { order_admitted: 2 } });
  });

  it('answers the translated product in the language asked for', async () => {
    clock = NOON;
    const { secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/staff/scans',
      headers: { ...staff.headers, 'accept-language': 'nl' },
      payload: { code: secrets[0] },
    });
    expect(response.json()).toMatchObject({
      result: 'VALID',
      ticket: { product: 'Dierentuindag', audience: 'Volwassene' },
    });
  });

  it('refuses a ticket for another day, and one for a slot that is not open now, without using it', async () => {
    clock = NOON;
    const tomorrow = await paidTickets(test.db, organisationId, { date: '2026-06-11' });
    expect(await scan(tomorrow.secrets[0]!)).toMatchObject({
      result: 'WRONG_DAY',
      ticket: { date: '2026-06-11' },
    });
    const evening = await paidTickets(test.db, organisationId, {
      date: '2026-06-10',
      startTime: '20:00',
      endTime: '22:00',
    });
    expect(await scan(evening.secrets[0]!)).toMatchObject({
      result: 'WRONG_SLOT',
      ticket: { start: '20:00' },
    });
    // At 19:40 the evening slot opens, and the refused scans left nothing behind.
    clock = new Date('2026-06-10T17:40:00Z');
    expect(await scan(evening.secrets[0]!)).toMatchObject({ result: 'VALID' });
  });

  it('admits an open ticket (no day) on any day', async () => {
    clock = NOON;
    const open = await paidTickets(test.db, organisationId, { date: null });
    expect(await scan(open.secrets[0]!)).toMatchObject({ result: 'VALID', ticket: { date: null } });
  });

  it('refuses tickets of refunded and cancelled orders', async () => {
    clock = NOON;
    for (const status of ['REFUND_REQUIRED', 'CANCELLED', 'EXPIRED'] as const) {
      const { secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 1, status);
      expect(await scan(secrets[0]!)).toMatchObject({ result: 'REFUNDED', admission_id: null });
    }
    const { secrets, order } = await paidTickets(test.db, organisationId, { date: '2026-06-10' });
    await test.db.update(s.orders).set({ status: 'REFUND_REQUIRED' }).where(eq(s.orders.id, order.id));
    expect(await scan(secrets[0]!)).toMatchObject({ result: 'REFUNDED' });
  });

  it('refuses a rebooked ticket and says where the booking went', async () => {
    clock = NOON;
    const old = await paidTickets(test.db, organisationId, { date: '2026-06-10' }, 1, 'REBOOKED');
    const moved = await paidOrder(test.db, organisationId, 'PAID', old.order.id);
    const [laterPlot] = await test.db
      .insert(s.plots)
      .values({
        productId: old.product.id,
        date: '2026-06-20',
        startTime: '14:00',
        endTime: '15:00',
        capacity: 5,
      })
      .returning();
    await test.db.insert(s.orderLines).values({
      orderId: moved.id,
      kind: 'PRODUCT',
      productId: old.product.id,
      plotId: laterPlot!.id,
      quantity: 1,
      unitPriceCents: 1000,
      totalCents: 1000,
    });
    expect(await scan(old.secrets[0]!)).toMatchObject({
      result: 'REBOOKED',
      rebooked_to: { date: '2026-06-20', start: '14:00', end: '15:00' },
      admission_id: null,
    });
  });

  it("answers UNKNOWN for codes that are no ticket or pass of this shop, including another shop's", async () => {
    clock = NOON;
    const other = await createOrganisation(test.db);
    const elsewhere = await paidTickets(test.db, other.id, { date: '2026-06-10' });
    for (const code of ['nonsense', 'x'.repeat(22), elsewhere.secrets[0]!]) {
      expect(await scan(code)).toMatchObject({ result: 'UNKNOWN', ticket: null, pass: null });
    }
  });

  it('undoes an admission within five minutes, so the ticket scans as valid again; not after', async () => {
    clock = NOON;
    const { secrets } = await paidTickets(test.db, organisationId, { date: '2026-06-10' });
    const first = await scan(secrets[0]!);
    clock = new Date(NOON.getTime() + 4 * 60_000);
    const other = await staffLogin(test.app, test.db, organisationId, 'Alex Gate');
    const undo = (id: number) =>
      test.app.inject({ method: 'POST', url: `/api/staff/admissions/${id}/undo`, headers: other.headers });
    expect((await undo(first.admission_id)).statusCode).toBe(200);
    const twice = await undo(first.admission_id);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'ADMISSION_ALREADY_UNDONE']);

    const second = await scan(secrets[0]!);
    expect(second.result).toBe('VALID');
    clock = new Date(clock.getTime() + 5 * 60_000 + 1000);
    const late = await undo(second.admission_id);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'UNDO_WINDOW_PASSED']);
    expect(await scan(secrets[0]!)).toMatchObject({ result: 'ALREADY_USED' });
    const missing = await undo(999_999);
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'ADMISSION_NOT_FOUND']);
  });

  it('lets a pass holder in once a day, taking one redemption each time, until none is left', async () => {
    clock = NOON;
    const client = await createClient(test.db, organisationId);
    const subscription = await createSubscription(test.db, organisationId, {
      title: { en: 'Family pass' },
      redemptions: 2,
    });
    const { pass, holding } = await clientPass(test.db, client.id, subscription.id, 2);
    const left = async () =>
      (await test.db.select().from(s.clientSubscriptions).where(eq(s.clientSubscriptions.id, holding.id)))[0]!
        .availableRedemptions;

    expect(await scan(pass.secret)).toMatchObject({
      result: 'VALID',
      pass: {
        holder: 'Noor de Vries',
        avatar: '/media/noor.jpg',
        subscription: 'Family pass',
        redemptions_left: 1,
      },
      ticket: null,
    });
    expect(await left()).toBe(1);
    expect(await scan(pass.secret)).toMatchObject({ result: 'ALREADY_USED', admitted: { by: 'Sam Door' } });
    expect(await left()).toBe(1);

    // A session lasts a working day: log in again the next morning.
    clock = new Date('2026-06-11T10:00:00Z');
    staff = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
    const nextDay = await scan(pass.secret);
    expect(nextDay).toMatchObject({ result: 'VALID', pass: { redemptions_left: 0 } });
    // Undo gives the redemption back; scanning again takes it again.
    await test.app.inject({
      method: 'POST',
      url: `/api/staff/admissions/${nextDay.admission_id}/undo`,
      headers: staff.headers,
    });
    expect(await left()).toBe(1);
    expect(await scan(pass.secret)).toMatchObject({ result: 'VALID', pass: { redemptions_left: 0 } });

    clock = new Date('2026-06-12T10:00:00Z');
    staff = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
    expect(await scan(pass.secret)).toMatchObject({ result: 'NO_REDEMPTIONS_LEFT' });
    expect(await left()).toBe(0);
    const standing = await test.db.select().from(s.admissions).where(eq(s.admissions.passId, pass.id));
    expect(standing.filter((row) => row.undoneAt === null)).toHaveLength(2);
  });

  it('never counts down an unlimited pass, and refuses an expired one', async () => {
    clock = NOON;
    staff = await staffLogin(test.app, test.db, organisationId, 'Sam Door');
    const client = await createClient(test.db, organisationId);
    const subscription = await createSubscription(test.db, organisationId);
    const unlimited = await clientPass(test.db, client.id, subscription.id, -1);
    expect(await scan(unlimited.pass.secret)).toMatchObject({
      result: 'VALID',
      pass: { redemptions_left: -1 },
    });
    const expired = await clientPass(
      test.db,
      client.id,
      subscription.id,
      5,
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(await scan(expired.pass.secret)).toMatchObject({
      result: 'PASS_EXPIRED',
      pass: { expires: '2026-06-01' },
    });
  });
});
