/**
 * Decision 0052: a double (or tenfold) click on the test page's Pay
 * settles the payment once and never refunds it. On native PostgreSQL the
 * ten posts overlap; on PGlite (one connection) they take turns, which must
 * end the same way.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage, type Show } from './payment-fixtures.ts';

describe('ten simultaneous Pay clicks on the test page', () => {
  let test: TestApp;
  let show: Show;

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => new Date('2026-06-01T10:00:00Z') });
    const organisation = await createOrganisation(test.db, { holdMinutes: 15 });
    show = await datedShow(test.db, organisation.id, 50);
  });
  afterAll(() => test?.close());

  it('leave the order PAID with one set of tickets and its only payment PAID, never refunded', async () => {
    const placed = await orderShow(test.app, show, 2, 1);
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => pressTestPage(test.app, placed.payment!.hash, 'pay')),
    );
    expect(clicks.map((click) => click.statusCode)).toEqual(Array.from({ length: 10 }, () => 303));
    const [order] = await test.db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order!.status).toBe('PAID');
    const payments = await test.db.select().from(s.payments).where(eq(s.payments.orderId, order!.id));
    expect(payments.map((payment) => [payment.status, payment.refundRef])).toEqual([['PAID', null]]);
    const [tickets] = await test.db
      .select({ n: count() })
      .from(s.tickets)
      .where(eq(s.tickets.orderId, order!.id));
    expect(tickets!.n).toBe(3);
    const refunded = await test.db
      .select({ n: count() })
      .from(s.payments)
      .where(inArray(s.payments.status, ['REFUND_REQUIRED', 'REFUNDED']));
    expect(refunded[0]!.n).toBe(0);
  });
});
