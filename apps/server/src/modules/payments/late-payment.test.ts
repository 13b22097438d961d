import { and, eq, gt, inArray, or, sum } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { sweepExpiredOrders } from '../../engine/expiry/sweep-expired-orders.ts';
import { datedShow, orderShow, pressTestPage } from './payment-fixtures.ts';

const START = new Date('2026-06-01T10:00:00Z');
const AFTER_HOLD = new Date(START.getTime() + 16 * 60_000);

describe('a payment that arrives after its hold expired', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let clock = START;
  let organisationId: number;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => clock, mailer });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { holdMinutes: 15 })).id;
  });
  afterAll(() => test.close());
  beforeEach(async () => {
    // Whatever an earlier test queued goes out (and is forgotten) before this one starts.
    await test.deliverMail();
    clock = START;
    mailer.sent.length = 0;
  });

  async function seatsTaken(plotId: number, at: Date): Promise<number> {
    const [row] = await db
      .select({ seats: sum(s.capacityHolds.quantity) })
      .from(s.capacityHolds)
      .where(
        and(
          eq(s.capacityHolds.plotId, plotId),
          or(
            eq(s.capacityHolds.status, 'PAID'),
            and(inArray(s.capacityHolds.status, ['PENDING', 'RESERVED']), gt(s.capacityHolds.expiresAt, at)),
          ),
        ),
      );
    return Number(row?.seats ?? 0);
  }
  const orderRow = async (hash: string) =>
    (await db.select().from(s.orders).where(eq(s.orders.hash, hash)))[0]!;

  it('re-books the seats when they are still free, after the sweeper expired the order', async () => {
    const show = await datedShow(db, organisationId, 3);
    const late = await orderShow(app, show, 2);
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    expect((await orderRow(late.order.hash)).status).toBe('EXPIRED');

    await pressTestPage(app, late.payment!.hash, 'pay');
    expect((await orderRow(late.order.hash)).status).toBe('PAID');
    expect(await seatsTaken(show.plot.id, clock)).toBe(2);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(1);
  });

  it('marks the order REFUND_REQUIRED and never oversells when others took the seats (sweeper run)', async () => {
    const show = await datedShow(db, organisationId, 3);
    const late = await orderShow(app, show, 3);
    clock = AFTER_HOLD;
    await sweepExpiredOrders(db, clock);
    const other = await orderShow(app, show, 3);
    await pressTestPage(app, other.payment!.hash, 'pay');
    await test.deliverMail();
    mailer.sent.length = 0;

    await pressTestPage(app, late.payment!.hash, 'pay');
    const order = await orderRow(late.order.hash);
    expect(order.status).toBe('REFUND_REQUIRED');
    expect(await seatsTaken(show.plot.id, clock)).toBe(3);
    expect(await db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id))).toHaveLength(0);
    await test.deliverMail();
    expect(mailer.sent).toHaveLength(0);
    const [payment] = await db.select().from(s.payments).where(eq(s.payments.hash, late.payment!.hash));
    // Flagged REFUND_REQUIRED, then refunded through the test gateway after the commit.
    expect(payment).toMatchObject({ status: 'REFUNDED', refundRef: `test-refund-${late.payment!.hash}` });
    const page = await app.inject(`/api/orders/${late.order.hash}/status`);
    expect(page.json().response).toMatchObject({
      status: 'REFUND_REQUIRED',
      canPayAgain: false,
      ticketsUrl: null,
    });
  });

  it('never oversells either when the hold lapsed but no sweeper has run yet', async () => {
    const show = await datedShow(db, organisationId, 2);
    const late = await orderShow(app, show, 2);
    clock = AFTER_HOLD;
    const other = await orderShow(app, show, 1);
    await pressTestPage(app, late.payment!.hash, 'pay');
    expect((await orderRow(late.order.hash)).status).toBe('REFUND_REQUIRED');
    await pressTestPage(app, other.payment!.hash, 'pay');
    expect((await orderRow(other.order.hash)).status).toBe('PAID');
    expect(await seatsTaken(show.plot.id, clock)).toBe(1);
  });

  it('marks the order REFUND_REQUIRED when others took the bookings a slot allows (max_orders), with no 500', async () => {
    const show = await datedShow(db, organisationId, 10);
    await db.update(s.plots).set({ maxOrders: 1 }).where(eq(s.plots.id, show.plot.id));
    const late = await orderShow(app, show, 2);
    clock = AFTER_HOLD;
    const other = await orderShow(app, show, 1);
    await pressTestPage(app, other.payment!.hash, 'pay');
    const paid = await pressTestPage(app, late.payment!.hash, 'pay');
    expect(paid.statusCode).toBeLessThan(500);
    expect((await orderRow(late.order.hash)).status).toBe('REFUND_REQUIRED');
    expect((await orderRow(other.order.hash)).status).toBe('PAID');
    expect(await seatsTaken(show.plot.id, clock)).toBe(1);
  });
});
