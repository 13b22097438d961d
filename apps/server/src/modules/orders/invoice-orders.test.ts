/**
 * Decision 0053: "on invoice" is a permission of a logged-in client (or
 * one of its groups), never a form field. Anyone else with a company name
 * pays like everyone else, and the simulation says so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { createClient, createOrganisation, createPlot, createProduct } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const START = new Date('2026-06-01T10:00:00Z');
const business = {
  first_name: 'Bo',
  last_name: 'Zaak',
  email: 'bo@acme.example',
  company: 'Acme',
  fields: {},
};

describe('invoice orders', () => {
  let test: TestApp;
  let organisation: typeof s.organisations.$inferSelect;
  let item: { product: { id: number; plot: number; quantity: number } };

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => START });
    organisation = await createOrganisation(test.db, { allowInvoice: true, allowBusiness: true });
    const product = await createProduct(test.db, organisation.id, { priceCents: 1000 });
    const plot = await createPlot(test.db, product.id, { capacity: 20 });
    item = { product: { id: product.id, plot: plot.id, quantity: 2 } };
  });
  afterAll(() => test?.close());

  const order = (body: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { action: 'pay', orders: [item], ...body },
    });
  const stored = async (hash: string) =>
    (await test.db.select().from(s.orders).where(eq(s.orders.hash, hash)))[0]!;
  const ticketsOf = async (orderId: number) =>
    test.db.select().from(s.tickets).where(eq(s.tickets.orderId, orderId));
  const mailJobsOf = async (orderId: number) =>
    (await test.db.select().from(s.mailJobs)).filter((job) => job.payload.orderId === orderId);
  const setShop = (values: Partial<typeof s.organisations.$inferInsert>) =>
    test.db.update(s.organisations).set(values).where(eq(s.organisations.id, organisation.id));

  it('an anonymous visitor who types a company name pays like everyone else, and the simulation says so', async () => {
    const simulated = await order({ simulate: true, customer: business });
    expect(simulated.json().response.orders[0]).toMatchObject({
      invoice: false,
      order: { status: 'SIMULATED' },
    });
    const placed = await order({ customer: business });
    expect(placed.statusCode).toBe(200);
    const [answer] = placed.json().response.orders;
    expect(answer).toMatchObject({ invoice: false, order: { status: 'PENDING' } });
    expect(answer.payment.transaction).not.toBe(false);
    const [stored] = await test.db.select().from(s.orders).where(eq(s.orders.hash, answer.order.hash));
    expect(stored).toMatchObject({ status: 'PENDING', onInvoice: false, totalCents: 2000 });
    const tickets = await test.db.select().from(s.tickets).where(eq(s.tickets.orderId, stored!.id));
    expect(tickets).toHaveLength(0);
  });

  it('a logged-in client without the permission pays too, company name or not', async () => {
    const client = await createClient(test.db, organisation.id, { company: 'Acme' });
    const customer = { ...business, token: client.token };
    expect((await order({ simulate: true, customer })).json().response.orders[0].invoice).toBe(false);
    const [answer] = (await order({ customer })).json().response.orders;
    expect(answer).toMatchObject({ invoice: false, order: { status: 'PENDING' } });
  });

  it('a client whose account allows invoicing gets an INVOICED order: 0 online, tickets and their mail', async () => {
    const client = await createClient(test.db, organisation.id, { allowInvoice: true });
    // No company name needed: the account is what counts.
    const customer = {
      first_name: 'Inge',
      last_name: 'Voice',
      email: 'inge@business.example',
      token: client.token,
    };
    const simulated = await order({ simulate: true, customer });
    expect(simulated.json().response.orders[0]).toMatchObject({ invoice: true });
    const placed = await order({ customer });
    expect(placed.statusCode).toBe(200);
    const [answer] = placed.json().response.orders;
    expect(answer).toMatchObject({
      invoice: true,
      order: { status: 'INVOICED' },
      payment: { transaction: false },
    });
    const row = await stored(answer.order.hash);
    expect(row).toMatchObject({
      status: 'INVOICED',
      onInvoice: true,
      totalCents: 0,
      subtotalCents: 2000,
      paidAt: null,
    });
    expect(await test.db.select().from(s.payments).where(eq(s.payments.orderId, row.id))).toHaveLength(0);
    expect(await ticketsOf(row.id)).toHaveLength(2);
    expect(await mailJobsOf(row.id)).toHaveLength(1);
    // Seats are held for good, as a paid order's.
    const holds = await test.db.select().from(s.capacityHolds).where(eq(s.capacityHolds.orderId, row.id));
    expect(holds).toEqual([expect.objectContaining({ status: 'PAID', quantity: 2, expiresAt: null })]);
    // The return page says invoiced, not paid, and hands out the tickets.
    const status = (await test.app.inject(`/api/orders/${answer.order.hash}/status`)).json().response;
    expect(status).toMatchObject({
      status: 'INVOICED',
      ticketsUrl: `/api/orders/${answer.order.hash}/tickets.pdf`,
    });
    expect((await test.app.inject(status.ticketsUrl)).statusCode).toBe(200);
    // Listed apart from paid orders: nothing that counts PAID orders counts it.
    const paid = await test.db.select().from(s.orders).where(eq(s.orders.status, 'PAID'));
    expect(paid.map((order) => order.id)).not.toContain(row.id);
  });

  it('a member of a group that allows invoicing gets invoice orders too', async () => {
    const client = await createClient(test.db, organisation.id);
    const [group] = await test.db
      .insert(s.clientGroups)
      .values({ organisationId: organisation.id, name: { en: 'Schools' }, allowInvoice: true })
      .returning();
    await test.db.insert(s.clientGroupMembers).values({ clientId: client.id, groupId: group!.id });
    const [answer] = (await order({ customer: { ...business, token: client.token } })).json().response.orders;
    expect(answer).toMatchObject({ invoice: true, order: { status: 'INVOICED' } });
  });

  it('issues no tickets for an invoiced order when the shop waits for the invoice to be paid', async () => {
    const client = await createClient(test.db, organisation.id, { allowInvoice: true });
    await setShop({ invoiceTickets: false });
    try {
      const [answer] = (await order({ customer: { ...business, token: client.token } })).json().response
        .orders;
      expect(answer.order.status).toBe('INVOICED');
      const row = await stored(answer.order.hash);
      expect(await ticketsOf(row.id)).toHaveLength(0);
      expect(await mailJobsOf(row.id)).toHaveLength(0);
      const status = (await test.app.inject(`/api/orders/${answer.order.hash}/status`)).json().response;
      expect(status).toMatchObject({ status: 'INVOICED', ticketsUrl: null });
      const resend = await test.app.inject({
        method: 'POST',
        url: `/api/orders/${answer.order.hash}/tickets/resend`,
      });
      expect(resend.json().error.code).toBe('TICKETS_NOT_AVAILABLE');
    } finally {
      await setShop({ invoiceTickets: true });
    }
  });

  it('a shop that does not invoice makes every client pay, permission or not', async () => {
    const client = await createClient(test.db, organisation.id, { allowInvoice: true });
    await setShop({ allowInvoice: false });
    try {
      const [answer] = (await order({ customer: { ...business, token: client.token } })).json().response
        .orders;
      expect(answer).toMatchObject({ invoice: false, order: { status: 'PENDING' } });
    } finally {
      await setShop({ allowInvoice: true });
    }
  });

  it('a reservation of a client on invoice is confirmed INVOICED, never PAID', async () => {
    const client = await createClient(test.db, organisation.id, { allowInvoice: true });
    const product = await createProduct(test.db, organisation.id, {
      priceCents: 1500,
      allowReservations: true,
    });
    const plot = await createPlot(test.db, product.id, { capacity: 5 });
    const reserved = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'reserve',
        customer: { ...business, token: client.token },
        orders: [{ product: { id: product.id, plot: plot.id, quantity: 1 } }],
      },
    });
    const [answer] = reserved.json().response.orders;
    expect(answer).toMatchObject({ invoice: true, order: { status: 'RESERVED' } });
    const confirm = await test.app.inject(`/api/payment/${answer.order.hash}`);
    expect(confirm.json().response.payment.transaction).toBe(false);
    const [row] = await test.db
      .select()
      .from(s.orders)
      .where(
        eq(
          s.orders.id,
          (await test.db.select().from(s.reservations).where(eq(s.reservations.hash, answer.order.hash)))[0]!
            .orderId,
        ),
      );
    expect(row).toMatchObject({ status: 'INVOICED', paidAt: null });
    expect(await ticketsOf(row!.id)).toHaveLength(1);
    const payments = await test.db.select().from(s.payments).where(eq(s.payments.orderId, row!.id));
    expect(payments.map((payment) => [payment.gateway, payment.amountCents])).toEqual([['free', 0]]);
  });
});
