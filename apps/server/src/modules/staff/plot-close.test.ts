/**
 * A manager closes a slot or changes its capacity (decision 0238): the
 * storefront shows it closed with the reason, its orders are cancelled and
 * refunded through cancelOrderItems and each visitor is mailed; the
 * capacity never goes below what is sold.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation, createPlot } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage, type Show } from '../payments/payment-fixtures.ts';
import { staffLogin } from './staff-fixtures.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

describe('closing a slot and changing its capacity', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let manager: Record<string, string>;
  let boxOffice: Record<string, string>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => NOW, mailer });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { holdMinutes: 15 })).id;
    manager = (await staffLogin(app, db, organisationId, 'Mia', 'manager')).headers;
    boxOffice = (await staffLogin(app, db, organisationId, 'Bo', 'box-office')).headers;
  });
  afterAll(() => test.close());

  async function paid(show: Show, adults: number, language = 'en') {
    const placed = await orderShow(app, show, adults, 0, { language });
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order!.status).toBe('PAID');
    return order!;
  }

  const close = (plotId: number, headers: Record<string, string>, reason = 'Storm warning') =>
    app.inject({ method: 'POST', url: `/api/staff/plots/${plotId}/close`, headers, payload: { reason } });

  it('closes the slot: shown closed with the reason, not bookable, every order cancelled, refunded and mailed', async () => {
    const show = await datedShow(db, organisationId, 10);
    const first = await paid(show, 2, 'nl');
    const second = await paid(show, 1);
    const denied = await close(show.plot.id, boxOffice);
    expect(denied.statusCode).toBe(403);

    const response = await close(show.plot.id, manager);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.refused).toEqual([]);
    expect(answer.cancelled).toHaveLength(2);
    expect(answer.cancelled.map((entry: { amount_cents: number }) => entry.amount_cents).sort()).toEqual([
      1500, 3000,
    ]);
    for (const order of [first, second]) {
      const [after] = await db.select().from(s.orders).where(eq(s.orders.id, order.id));
      expect(after!.status).toBe('CANCELLED');
      const refunds = await db.select().from(s.refunds).where(eq(s.refunds.orderId, order.id));
      expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(order.totalCents);
      expect(refunds[0]!.status).toBe('succeeded');
    }
    const [audit] = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, organisationId), eq(s.auditLog.action, 'slot.close')));
    expect(audit!.after).toEqual({ selectable: false, reason: 'Storm warning' });

    await test.deliverMail();
    const dutch = mailer.sent.find((mail) => mail.subject.includes('geannuleerd'))!;
    expect(dutch.subject).toMatch(/^Je bestelling .* is geannuleerd$/);
    expect(dutch.text).toContain('Waarom: Storm warning');

    const plots = await app.inject(`/api/products/${show.product.id}/plots`);
    const shown = plots.json().find((plot: { id: number }) => plot.id === show.plot.id);
    expect(shown).toMatchObject({ selectable: false, closedReason: 'Storm warning' });
    await expect(orderShow(app, show, 1)).rejects.toThrow(/order failed/);

    const again = await close(show.plot.id, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('PLOT_ALREADY_CLOSED');
  });

  it('reports an order whose ticket was let in instead of forcing it', async () => {
    const show = await datedShow(db, organisationId, 10);
    const order = await paid(show, 1);
    const [ticket] = await db.select().from(s.tickets).where(eq(s.tickets.orderId, order.id));
    await db.insert(s.admissions).values({ organisationId, ticketId: ticket!.id, day: '2026-06-10' });
    const answer = (await close(show.plot.id, manager)).json();
    expect(answer.cancelled).toEqual([]);
    expect(answer.refused).toEqual([{ order_number: expect.any(String), code: 'CANCEL_TICKET_ADMITTED' }]);
  });

  it('changes the capacity, never below the seats sold', async () => {
    const show = await datedShow(db, organisationId, 10);
    await paid(show, 3);
    const patch = (capacity: number | null, headers = manager) =>
      app.inject({
        method: 'PATCH',
        url: `/api/staff/plots/${show.plot.id}`,
        headers,
        payload: { capacity },
      });
    expect((await patch(5, boxOffice)).statusCode).toBe(403);
    const below = await patch(2);
    expect(below.statusCode).toBe(409);
    expect(below.json().error.code).toBe('CAPACITY_BELOW_SOLD');
    const ok = await patch(3);
    expect(ok.json()).toEqual({ plot: show.plot.id, capacity: 3, sold: 3 });
    const [plot] = await db.select().from(s.plots).where(eq(s.plots.id, show.plot.id));
    expect(plot!.capacity).toBe(3);
    // Sold out now: the next order is refused.
    await expect(orderShow(app, show, 1)).rejects.toThrow(/NOT_ENOUGH_CAPACITY/);
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/staff/plots/999999',
      headers: manager,
      payload: { capacity: 3 },
    });
    expect(missing.json().error.code).toBe('PLOT_NOT_FOUND');
  });

  it('closes a slot moving its bookings to another slot where they fit; the rest are cancelled and refunded; each visitor mailed (decision 0248)', async () => {
    const show = await datedShow(db, organisationId, 10);
    const target = await createPlot(db, show.product.id, {
      date: '2026-06-11',
      startTime: '20:00',
      endTime: '22:00',
      capacity: 2,
    });
    const fits = await paid(show, 2);
    const tooMany = await paid(show, 1, 'nl');
    await test.deliverMail();
    mailer.sent.length = 0;

    const response = await app.inject({
      method: 'POST',
      url: `/api/staff/plots/${show.plot.id}/close`,
      headers: manager,
      payload: { reason: 'Storm warning', move_to: target.id },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.moved).toHaveLength(1);
    expect(answer.moved[0].order_number.replace(/\D/g, '')).toBe(fits.reference);
    expect(answer.cancelled).toHaveLength(1);
    expect(answer.cancelled[0].order_number.replace(/\D/g, '')).toBe(tooMany.reference);

    const [oldFits] = await db.select().from(s.orders).where(eq(s.orders.id, fits.id));
    expect(oldFits!.status).toBe('REBOOKED');
    const [moved] = await db.select().from(s.orders).where(eq(s.orders.rebookOfOrderId, fits.id));
    expect(moved!.status).toBe('PAID');
    const movedTickets = await db
      .select({ plotId: s.orderLines.plotId })
      .from(s.orderLines)
      .where(and(eq(s.orderLines.orderId, moved!.id), eq(s.orderLines.kind, 'PRODUCT')));
    expect(movedTickets.every((line) => line.plotId === target.id)).toBe(true);
    const [cancelled] = await db.select().from(s.orders).where(eq(s.orders.id, tooMany.id));
    expect(cancelled!.status).toBe('CANCELLED');

    // Each visitor is mailed: new tickets for the one moved, the cancellation with the reason for the other.
    await test.deliverMail();
    expect(
      mailer.sent.some(
        (mail) => mail.text.includes(moved!.reference.slice(0, 4)) && mail.attachments?.length,
      ),
    ).toBe(true);
    const dutch = mailer.sent.find((mail) => mail.subject.includes('geannuleerd'))!;
    expect(dutch.text).toContain('Storm warning');

    // A slot of another product, or the closed slot itself, is no slot to move to.
    const other = await datedShow(db, organisationId, 10);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/staff/plots/${target.id}/close`,
      headers: manager,
      payload: { reason: 'Storm warning', move_to: other.plot.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('PLOT_MOVE_TARGET_INVALID');
    const [stillOpen] = await db.select().from(s.plots).where(eq(s.plots.id, target.id));
    expect(stillOpen!.closedAt).toBeNull();
  });

  it('closes a whole day of a product with one reason: every slot that day, its orders cancelled; other days stay open', async () => {
    const show = await datedShow(db, organisationId, 10);
    const later = await createPlot(db, show.product.id, {
      date: '2026-06-10',
      startTime: '22:30',
      endTime: '23:30',
      capacity: 10,
    });
    const nextDay = await createPlot(db, show.product.id, {
      date: '2026-06-11',
      startTime: '20:00',
      endTime: '22:00',
      capacity: 10,
    });
    const order = await paid(show, 1);
    const url = `/api/staff/products/${show.product.id}/days/2026-06-10/close`;
    const denied = await app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { reason: 'Flood' },
    });
    expect(denied.statusCode).toBe(403);
    const response = await app.inject({
      method: 'POST',
      url,
      headers: manager,
      payload: { reason: 'Flood' },
    });
    expect(response.statusCode).toBe(200);
    const slots = response.json().slots as { plot: number; reason: string; cancelled: unknown[] }[];
    expect(slots.map((slot) => slot.plot).sort()).toEqual([show.plot.id, later.id].sort());
    expect(slots.every((slot) => slot.reason === 'Flood')).toBe(true);
    expect(slots.find((slot) => slot.plot === show.plot.id)!.cancelled).toHaveLength(1);
    const rows = await db.select().from(s.plots).where(eq(s.plots.productId, show.product.id));
    expect(rows.find((row) => row.id === show.plot.id)!.closedReason).toBe('Flood');
    expect(rows.find((row) => row.id === later.id)!.closedReason).toBe('Flood');
    expect(rows.find((row) => row.id === nextDay.id)!.closedAt).toBeNull();
    expect((await db.select().from(s.orders).where(eq(s.orders.id, order.id)))[0]!.status).toBe('CANCELLED');
    // Nothing left open that day.
    const again = await app.inject({ method: 'POST', url, headers: manager, payload: { reason: 'Flood' } });
    expect(again.statusCode).toBe(404);
  });
});
