import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createRecordingMailer } from '../../mail/recording-mailer.ts';
import { createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { paidTickets, staffLogin } from './staff-fixtures.ts';

type Headers = Record<string, string>;

describe('orders behind the counter', () => {
  const mailer = createRecordingMailer();
  let test: TestApp;
  let organisationId: number;
  let door: Headers;
  let boxOffice: Headers;
  let manager: Headers;
  let phoneFieldId: number;
  let teamFieldId: number;
  let ada: Awaited<ReturnType<typeof paidTickets>>;
  let grace: Awaited<ReturnType<typeof paidTickets>>;

  const get = (url: string, headers: Headers = boxOffice) => test.app.inject({ method: 'GET', url, headers });
  const search = async (query: string, headers: Headers = boxOffice) => {
    const response = await get(`/api/staff/orders?${query}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ orders: { reference: string }[]; has_more: boolean; page: number }>();
  };
  const references = async (query: string) => (await search(query)).orders.map((row) => row.reference);

  async function setCustomer(orderId: number, customer: s.OrderCustomer, createdAt?: Date) {
    await test.db
      .update(s.orders)
      .set({ customer, ...(createdAt ? { createdAt } : {}) })
      .where(eq(s.orders.id, orderId));
  }

  beforeAll(async () => {
    test = await createTestApp({}, { mailer });
    organisationId = (await createOrganisation(test.db)).id;
    const [phone] = await test.db
      .insert(s.fields)
      .values({ organisationId, type: 'PHONE', name: { en: 'Phone' } })
      .returning();
    const [team] = await test.db
      .insert(s.fields)
      .values({ organisationId, type: 'TEXT', name: { en: 'Team name' } })
      .returning();
    phoneFieldId = phone!.id;
    teamFieldId = team!.id;
    door = (await staffLogin(test.app, test.db, organisationId, 'Dora Door', 'door')).headers;
    boxOffice = (await staffLogin(test.app, test.db, organisationId, 'Bo Office', 'box-office')).headers;
    manager = (await staffLogin(test.app, test.db, organisationId, 'Max Manager', 'manager')).headers;
    ada = await paidTickets(
      test.db,
      organisationId,
      { date: '2026-07-01', startTime: '10:00', endTime: '11:00' },
      2,
    );
    await setCustomer(
      ada.order.id,
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'Ada.Lovelace@Example.test',
        fields: { [phoneFieldId]: '+31 6 1234 5678', [teamFieldId]: 'The Engines' },
      },
      new Date('2026-05-02T10:00:00Z'),
    );
    grace = await paidTickets(test.db, organisationId, { date: '2026-07-02' }, 1);
    await setCustomer(
      grace.order.id,
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example', fields: {} },
      new Date('2026-05-20T10:00:00Z'),
    );
  });
  afterAll(() => test.close());

  it('is for the box office and managers: the door gets 403 STAFF_FORBIDDEN', async () => {
    const refused = await get('/api/staff/orders?q=ada', door);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('STAFF_FORBIDDEN');
    const page = await get(`/api/staff/orders/${ada.order.reference}`, door);
    expect(page.statusCode).toBe(403);
    expect((await search('q=ada', manager)).orders).toHaveLength(1);
    // The door keeps its own lookup.
    expect((await get(`/api/staff/today/orders?q=${ada.order.reference}`, door)).statusCode).toBe(200);
  });

  it('finds an order by its number as printed, with or without spaces, and not by its internal id', async () => {
    const printed = formatOrderReference(ada.order.reference);
    expect(printed).toContain(' ');
    expect(await references(`q=${encodeURIComponent(printed)}`)).toEqual([ada.order.reference]);
    expect(await references(`q=${ada.order.reference}`)).toEqual([ada.order.reference]);
    expect(await references(`q=${ada.order.id}`)).toEqual([]);
  });

  it('finds by e-mail or its start (any case), by name or its start, by phone as people type it', async () => {
    expect(await references('q=ADA.LOVELACE%40example.test')).toEqual([ada.order.reference]);
    expect(await references('q=ada.lov')).toEqual([ada.order.reference]);
    expect(await references('q=grace%40')).toEqual([grace.order.reference]);
    expect(await references('q=Ada%20Love')).toEqual([ada.order.reference]);
    expect(await references('q=hopper')).toEqual([grace.order.reference]);
    expect(await references('q=ove')).toEqual([]);
    // LIKE's own wildcards are taken literally.
    expect(await references('q=%25')).toEqual([]);
    expect(await references('q=_da')).toEqual([]);
    expect(await references(`q=${encodeURIComponent('06-12345678')}`)).toEqual([ada.order.reference]);
    expect(await references(`q=${encodeURIComponent('+31612345678')}`)).toEqual([ada.order.reference]);
    expect(await references('q=0699999999')).toEqual([]);
  });

  it('filters by visit day, slot, product, status and purchase dates, newest first', async () => {
    expect(await references('')).toEqual([grace.order.reference, ada.order.reference]);
    expect(await references('visit=2026-07-01')).toEqual([ada.order.reference]);
    expect(await references(`plot=${grace.plot.id}`)).toEqual([grace.order.reference]);
    expect(await references(`product=${ada.product.id}`)).toEqual([ada.order.reference]);
    expect(await references('status=PAID&from=2026-05-10')).toEqual([grace.order.reference]);
    expect(await references('to=2026-05-10')).toEqual([ada.order.reference]);
    expect(await references('status=EXPIRED')).toEqual([]);
    const [row] = (await search(`q=${ada.order.reference}`)).orders as unknown as Record<string, unknown>[];
    expect(row).toEqual({
      reference: ada.order.reference,
      status: 'PAID',
      kind: 'PRODUCT',
      customer: { name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.test' },
      total_cents: 0,
      visit_date: '2026-07-01',
      created_at: '2026-05-02T10:00:00.000Z',
    });
    expect((await get('/api/staff/orders?from=2026-02-31')).statusCode).toBe(400);
  });

  it('pages newest first and says when there is more', async () => {
    const more: Awaited<ReturnType<typeof paidTickets>>[] = [];
    for (let n = 0; n < 26; n += 1)
      more.push(await paidTickets(test.db, organisationId, { date: '2026-08-01' }, 1));
    const first = await search('visit=2026-08-01');
    expect(first.orders).toHaveLength(25);
    expect(first.has_more).toBe(true);
    const second = await search('visit=2026-08-01&page=2');
    expect(second.orders).toHaveLength(1);
    expect(second.has_more).toBe(false);
    const newestFirst = [...more].sort((a, b) => b.order.id - a.order.id).map((m) => m.order.reference);
    expect([...first.orders, ...second.orders].map((o) => o.reference)).toEqual(newestFirst);
  });

  it("shows an order's page: lines, tickets in or not, customer and fields, payments, mails, history", async () => {
    // Let in at the door (on its day: the scan route admits today's tickets only).
    const [dora] = await test.db.select().from(s.staffUsers).where(eq(s.staffUsers.name, 'Dora Door'));
    await test.db.insert(s.admissions).values({
      organisationId,
      ticketId: ada.tickets[0]!.id,
      day: '2026-07-01',
      staffUserId: dora!.id,
    });
    await test.db.insert(s.payments).values({
      orderId: ada.order.id,
      gateway: 'stripe',
      type: 'REDIRECT',
      hash: `h-${ada.order.id}`,
      providerRef: 'cs_test_123',
      status: 'PAID',
      amountCents: 2500,
      currency: 'EUR',
    });
    const response = await get(
      `/api/staff/orders/${encodeURIComponent(formatOrderReference(ada.order.reference))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      reference: ada.order.reference,
      status: 'PAID',
      kind: 'PRODUCT',
      customer: {
        first_name: 'Ada',
        email: 'Ada.Lovelace@Example.test',
        phone: '+31 6 1234 5678',
        fields: [
          { id: String(phoneFieldId), label: 'Phone', value: '+31 6 1234 5678' },
          { id: String(teamFieldId), label: 'Team name', value: 'The Engines' },
        ],
      },
      payments: [{ gateway: 'stripe', provider_ref: 'cs_test_123', amount_cents: 2500, status: 'PAID' }],
      rebookings: { rebook_of: null, rebooked_into: [] },
      resendable: ['TICKETS'],
      refunds: [],
    });
    expect(page.lines.map((line: { kind: string; name: string }) => [line.kind, line.name])).toEqual([
      ['PRODUCT', 'Zoo day'],
      ['UPSELL', 'Map'],
    ]);
    expect(page.lines[0]).toMatchObject({
      date: '2026-07-01',
      start: '10:00',
      audience: 'Adult',
      quantity: 2,
    });
    expect(page.tickets.map((t: { state: string }) => t.state).sort()).toEqual(['ADMITTED', 'NOT_ADMITTED']);
    const admitted = page.tickets.find((t: { state: string }) => t.state === 'ADMITTED');
    expect(admitted.admitted_by).toBe('Dora Door');
    // Never the code that opens the door.
    for (const secret of ada.secrets) expect(response.body).not.toContain(secret);
  });

  it('answers 404 ORDER_NOT_FOUND for a number no order of the shop has', async () => {
    for (const number of ['48210937563', 'nonsense', String(ada.order.id)]) {
      const response = await get(`/api/staff/orders/${number}`);
      expect(response.statusCode, number).toBe(404);
      expect(response.json().error.code).toBe('ORDER_NOT_FOUND');
    }
  });

  it('resends the tickets through the outbox to a corrected address, with an audit entry', async () => {
    const url = `/api/staff/orders/${ada.order.reference}/resend`;
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { to: 'ada@corrected.example' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ mail: 'TICKETS', to: 'ada@corrected.example' });
    mailer.sent.length = 0;
    await test.deliverMail();
    const sent = mailer.sent.filter((mail) => JSON.stringify(mail.to).includes('ada@corrected.example'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(formatOrderReference(ada.order.reference));
    expect(sent[0]!.attachments?.length).toBeGreaterThan(0);
    // Without an address: the order's own.
    const again = await test.app.inject({ method: 'POST', url, headers: manager, payload: {} });
    expect(again.json()).toEqual({ mail: 'TICKETS', to: 'Ada.Lovelace@Example.test' });
    const page = (await get(`/api/staff/orders/${ada.order.reference}`)).json();
    expect(page.mails.slice(0, 2).map((m: { kind: string; to: string }) => [m.kind, m.to])).toEqual([
      ['TICKETS', 'Ada.Lovelace@Example.test'],
      ['TICKETS', 'ada@corrected.example'],
    ]);
    expect(page.history[1]).toMatchObject({
      action: 'order.resend',
      after: { mail: 'TICKETS', to: 'ada@corrected.example' },
    });
    // A mail the order does not have; and the door may not.
    const wrong = await test.app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { mail: 'PASSES' },
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('MAIL_NOT_RESENDABLE');
    expect((await test.app.inject({ method: 'POST', url, headers: door, payload: {} })).statusCode).toBe(403);
    const invalid = await test.app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { to: 'not-mail' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it("corrects the customer's name, e-mail, phone and fields, with before and after in the audit log", async () => {
    const url = `/api/staff/orders/${grace.order.reference}/customer`;
    const response = await test.app.inject({
      method: 'PATCH',
      url,
      headers: boxOffice,
      payload: {
        last_name: 'Hopper-Murray',
        email: 'grace@corrected.example',
        phone: '020 555 0101',
        fields: { [teamFieldId]: 'Cobol crew' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().customer).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper-Murray',
      email: 'grace@corrected.example',
      phone: '020 555 0101',
    });
    const [entry] = await test.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.orderId, grace.order.id), eq(s.auditLog.action, 'order.customer')));
    expect(entry).toMatchObject({
      before: {
        last_name: 'Hopper',
        email: 'grace@navy.example',
        [`fields.${phoneFieldId}`]: null,
        [`fields.${teamFieldId}`]: null,
      },
      after: {
        last_name: 'Hopper-Murray',
        email: 'grace@corrected.example',
        [`fields.${phoneFieldId}`]: '020 555 0101',
        [`fields.${teamFieldId}`]: 'Cobol crew',
      },
    });
    expect(await references('q=hopper-m')).toEqual([grace.order.reference]);
    const unknown = await test.app.inject({
      method: 'PATCH',
      url,
      headers: boxOffice,
      payload: { fields: { '999999': 'x' } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('FIELD_UNKNOWN');
    const bad = await test.app.inject({
      method: 'PATCH',
      url,
      headers: boxOffice,
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await test.app.inject({ method: 'PATCH', url, headers: door, payload: {} })).statusCode).toBe(
      403,
    );
    // Nothing changed, nothing written.
    await test.app.inject({ method: 'PATCH', url, headers: boxOffice, payload: { first_name: 'Grace' } });
    const entries = await test.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.orderId, grace.order.id), eq(s.auditLog.action, 'order.customer')));
    expect(entries).toHaveLength(1);
  });

  it('marks an invoiced order paid once: a PAID payment of the invoiced amount and an audit entry', async () => {
    const invoiced = await paidTickets(test.db, organisationId, { date: '2026-07-03' }, 1, 'INVOICED');
    await test.db
      .update(s.orders)
      .set({ subtotalCents: 1500, onInvoice: true })
      .where(eq(s.orders.id, invoiced.order.id));
    const url = `/api/staff/orders/${invoiced.order.reference}/mark-paid`;
    expect((await test.app.inject({ method: 'POST', url, headers: door, payload: {} })).statusCode).toBe(403);
    const response = await test.app.inject({
      method: 'POST',
      url,
      headers: boxOffice,
      payload: { reference: 'BANK-2026-0042' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'PAID',
      payments: [{ gateway: 'invoice', provider_ref: 'BANK-2026-0042', amount_cents: 1500, status: 'PAID' }],
    });
    expect(response.json().paid_at).not.toBeNull();
    expect(response.json().history[0]).toMatchObject({
      action: 'order.mark_paid',
      before: { status: 'INVOICED' },
      after: { status: 'PAID' },
      amount_cents: 1500,
    });
    const twice = await test.app.inject({ method: 'POST', url, headers: manager, payload: {} });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ORDER_NOT_INVOICED');
    const paidRows = await test.db.select().from(s.payments).where(eq(s.payments.orderId, invoiced.order.id));
    expect(paidRows).toHaveLength(1);
  });

  it("lists a slot's attendees for every role, as JSON and as CSV", async () => {
    const url = `/api/staff/plots/${ada.plot.id}/attendees`;
    const response = await get(url, door);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      plot: { id: ada.plot.id, product: 'Zoo day', date: '2026-07-01', start: '10:00', end: '11:00' },
      fields: [
        { id: String(phoneFieldId), label: 'Phone' },
        { id: String(teamFieldId), label: 'Team name' },
      ],
      attendees: [
        {
          order: formatOrderReference(ada.order.reference),
          name: 'Ada Lovelace',
          audiences: [{ audience: 'Adult', quantity: 2 }],
          tickets: 2,
          admitted: 1,
          extras: [{ title: 'Map', quantity: 2 }],
          fields: { [teamFieldId]: 'The Engines' },
        },
      ],
    });
    const csv = await get(`${url}?format=csv`, door);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Order,Name,E-mail,Tickets,Admitted,Audiences,Extras,Phone,Team name');
    expect(lines[1]).toBe(
      `${formatOrderReference(ada.order.reference)},Ada Lovelace,Ada.Lovelace@Example.test,2,1,2× Adult,2× Map,'+31 6 1234 5678,The Engines`,
    );
    const other = await createOrganisation(test.db);
    const foreign = await paidTickets(test.db, other.id, { date: '2026-07-01' }, 1);
    const notOurs = await get(`/api/staff/plots/${foreign.plot.id}/attendees`, door);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.json().error.code).toBe('PLOT_NOT_FOUND');
  });
});
