/**
 * The requests inbox (decision 0239): a FAQ refund request is stored and
 * linked to its order, box office staff approve it (cancel + refund through
 * engine/refunds) or decline it (the visitor is mailed), once; the door may not.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createRecordingMailer, type RecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { datedShow, orderShow, pressTestPage } from '../payments/payment-fixtures.ts';
import { staffLogin } from './staff-fixtures.ts';

const NOW = new Date('2026-06-01T10:00:00Z');

describe('the requests inbox', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let mailer: RecordingMailer;
  let organisationId: number;
  let boxOffice: Record<string, string>;
  let door: Record<string, string>;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    test = await createTestApp({}, { now: () => NOW, mailer });
    ({ app, db } = test);
    organisationId = (await createOrganisation(db, { name: 'Zoo Kassa', email: 'staff@zoo.example' })).id;
    boxOffice = (await staffLogin(app, db, organisationId, 'Bo Office', 'box-office')).headers;
    door = (await staffLogin(app, db, organisationId, 'Dee Door', 'door')).headers;
  });
  afterAll(() => test.close());

  async function paidOrder() {
    const show = await datedShow(db, organisationId, 10);
    const placed = await orderShow(app, show, 2, 0, { language: 'de' });
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    const tickets = await db.select().from(s.tickets).where(eq(s.tickets.orderId, order!.id));
    return { order: order!, number: formatOrderReference(order!.reference), tickets };
  }

  const ask = (number: string, adress = 'ada@example.test') =>
    app.inject({
      method: 'POST',
      url: '/api/faq/mail?language=de',
      payload: { first_name: 'Ada', last_name: 'Lovelace', adress, order_number: number, comment: 'Bitte stornieren' },
    });
  const list = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/staff/requests?status=open', headers });

  it('stores the request linked to its order, and the box office approves it once: cancelled, refunded, audited', async () => {
    const paid = await paidOrder();
    expect((await ask(paid.number)).statusCode).toBe(200);
    expect((await list(door)).statusCode).toBe(403);
    const listed = await list(boxOffice);
    expect(listed.statusCode).toBe(200);
    const found = listed.json().requests.find((r: { order_number: string }) => r.order_number === paid.number);
    expect(found).toMatchObject({ order_linked: true, status: 'open', message: 'Bitte stornieren', language: 'de' });

    const body = { tickets: [paid.tickets[0]!.id], refund: 'original' };
    const url = `/api/staff/requests/${found.id}/approve`;
    expect((await app.inject({ method: 'POST', url, headers: door, payload: body })).statusCode).toBe(403);
    const approved = await app.inject({ method: 'POST', url, headers: boxOffice, payload: body });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      request: { status: 'approved', decided_by: expect.stringContaining('@') },
      cancellation: { refund: { method: 'original' } },
    });
    const again = await app.inject({ method: 'POST', url, headers: boxOffice, payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REQUEST_DECIDED');
    const refunds = await db.select().from(s.refunds).where(eq(s.refunds.orderId, paid.order.id));
    expect(refunds).toHaveLength(1);
    const [ticket] = await db.select().from(s.tickets).where(eq(s.tickets.id, paid.tickets[0]!.id));
    expect(ticket!.cancelledAt).toEqual(NOW);
    const audit = await db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.organisationId, organisationId), eq(s.auditLog.action, 'request.approve')));
    expect(audit).toHaveLength(1);
    expect((await list(boxOffice)).json().requests.some((r: { id: number }) => r.id === found.id)).toBe(false);
  });

  it('a failing approval leaves the request open', async () => {
    const paid = await paidOrder();
    await ask(paid.number);
    const found = (await list(boxOffice)).json().requests.find((r: { order_number: string }) => r.order_number === paid.number);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/staff/requests/${found.id}/approve`,
      headers: boxOffice,
      payload: { tickets: ['00000000-0000-4000-8000-000000000000'], refund: 'original' },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const [row] = await db.select().from(s.staffRequests).where(eq(s.staffRequests.id, found.id));
    expect(row!.status).toBe('open');
  });

  it('an address that is not the customer’s links no order; declining mails the visitor the message, once', async () => {
    const paid = await paidOrder();
    await ask(paid.number, 'someone@else.test');
    const found = (await list(boxOffice)).json().requests.find(
      (r: { email: string; order_number: string }) => r.email === 'someone@else.test' && r.order_number === paid.number,
    );
    expect(found).toMatchObject({ order_linked: false });
    const approve = await app.inject({
      method: 'POST',
      url: `/api/staff/requests/${found.id}/approve`,
      headers: boxOffice,
      payload: { refund: 'original' },
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error.code).toBe('REQUEST_NOT_LINKED');

    const url = `/api/staff/requests/${found.id}/decline`;
    expect((await app.inject({ method: 'POST', url, headers: door, payload: { message: 'Nein' } })).statusCode).toBe(403);
    mailer.sent.length = 0;
    const declined = await app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { message: 'Die Frist ist abgelaufen.' },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', answer: 'Die Frist ist abgelaufen.' });
    expect((await app.inject({ method: 'POST', url, headers: boxOffice, payload: { message: 'x' } })).statusCode).toBe(409);
    await test.deliverMail();
    const mail = mailer.sent.find((m) => JSON.stringify(m).includes('Die Frist ist abgelaufen.'));
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail)).toContain('Ihre Anfrage zur Bestellung');
    expect(JSON.stringify(mail)).toContain('someone@else.test');
  });
});
