/**
 * The manager's view (decisions 0262–0264) through the real routes on a
 * test-gateway shop: sales equal the sums over the orders' issued
 * documents and agree to the cent with the VAT report and the orders
 * export, grouped any way; a partial refund shows on its own day; days
 * across both DST changes of Europe/Amsterdam; occupancy, no-shows, gift
 * cards and refunds; managers only.
 */
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { calendarDateAt } from '@kassa/domain/rules/wall-clock';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createCoupon, createOrganisation } from '../../testing/fixtures.ts';
import {
  customer as CUSTOMER,
  datedShow,
  orderShow,
  pressTestPage,
  type PlacedOrder,
  type Show,
} from '../payments/payment-fixtures.ts';
import { staffLogin } from '../staff/staff-fixtures.ts';
import { vatReport } from '../orders-export/vat-report.ts';
import { exportOrders } from '../orders-export/load-export-orders.ts';
import { addPlotAdmissions } from '../../engine/door/plot-tallies.ts';

let now = new Date('2026-03-28T12:00:00Z');

describe('the manager’s view', () => {
  let test: TestApp;
  let app: App;
  let db: Db;
  let organisation: typeof s.organisations.$inferSelect;
  let show: Show;
  let manager: Record<string, string>;
  let boxOffice: Record<string, string>;
  let door: Record<string, string>;
  const orders: { id: number; number: string; at: Date }[] = [];

  /** Places and pays an order at `at` (the app's clock): `adults` and `children`, maybe a coupon and a source. */
  async function paidAt(at: Date, adults: number, children: number, extra: Record<string, unknown> = {}) {
    now = at;
    const { enrichment, ...rest } = extra;
    const placed = enrichment
      ? await placeWithEnrichment(adults, children, rest, enrichment)
      : await orderShow(app, show, adults, children, rest);
    await pressTestPage(app, placed.payment!.hash, 'pay');
    const [order] = await db.select().from(s.orders).where(eq(s.orders.hash, placed.order.hash));
    expect(order!.status).toBe('PAID');
    orders.push({ id: order!.id, number: formatOrderReference(order!.reference), at });
    return order!;
  }

  /** As orderShow, with the visit's enrichment on the cart item (where the storefront sends it). */
  async function placeWithEnrichment(
    adults: number,
    children: number,
    extra: Record<string, unknown>,
    enrichment: unknown,
  ) {
    const audiences: Record<string, { id: number; quantity: number }> = {
      [show.adult.id]: { id: show.adult.id, quantity: adults },
    };
    if (children > 0) audiences[show.child.id] = { id: show.child.id, quantity: children };
    const response = await app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        action: 'pay',
        customer: CUSTOMER,
        orders: [{ product: { id: show.product.id, plot: show.plot.id }, audiences, enrichment }],
        ...extra,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().response.orders[0] as PlacedOrder;
  }

  const get = (url: string, headers = manager) => app.inject({ url, headers });

  /** Staff sessions end: log in again whenever the clock moved on. */
  async function logIn() {
    manager = (await staffLogin(app, db, organisation.id, 'Mia Manager', 'manager')).headers;
    boxOffice = (await staffLogin(app, db, organisation.id, 'Bo Office', 'box-office')).headers;
    door = (await staffLogin(app, db, organisation.id, 'Dee Door', 'door')).headers;
  }

  beforeAll(async () => {
    test = await createTestApp({}, { now: () => now });
    ({ app, db } = test);
    organisation = await createOrganisation(db, { holdMinutes: 15, name: 'Report Zoo' });
    show = await datedShow(db, organisation.id, 40);
    // The show is on a later day than every sale here.
    await db.update(s.plots).set({ date: '2026-11-20' }).where(eq(s.plots.id, show.plot.id));
    await createCoupon(db, organisation.id, { code: 'TENOFF', kind: 'PERCENTAGE', value: 1000 });

    // Around the spring change (29 March 2026, 02:00 → 03:00): 00:30 CET and 23:59 CEST are the 29th.
    await paidAt(new Date('2026-03-28T22:59:00Z'), 1, 0); // 23:59 CET on the 28th
    await paidAt(new Date('2026-03-28T23:30:00Z'), 2, 1, {
      coupon: ['TENOFF'],
      enrichment: { utm_source: 'Newsletter', referrer: 'https://mail.example/x' },
    });
    await paidAt(new Date('2026-03-29T21:59:00Z'), 1, 2, {
      enrichment: { referrer: 'https://www.Search.example/q?x=1' },
    });
    await paidAt(new Date('2026-03-29T22:00:00Z'), 3, 0); // 00:00 CEST on the 30th
    // Around the autumn change (25 October 2026, 03:00 → 02:00): the 25th has 25 hours.
    await paidAt(new Date('2026-10-24T22:00:00Z'), 1, 1, { coupon: ['TENOFF'] }); // 00:00 CEST on the 25th
    await paidAt(new Date('2026-10-25T22:59:00Z'), 2, 0); // 23:59 CET on the 25th
    await paidAt(new Date('2026-10-25T23:00:00Z'), 1, 0); // 00:00 CET on the 26th

    // A partial refund on 30 March: one adult ticket of the coupon order.
    now = new Date('2026-03-30T09:00:00Z');
    await logIn();
    const couponOrder = orders[1]!;
    const [adultTicket] = await db
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .innerJoin(s.orderLines, eq(s.orderLines.id, s.tickets.orderLineId))
      .where(and(eq(s.tickets.orderId, couponOrder.id), eq(s.orderLines.audienceId, show.adult.id)))
      .limit(1);
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${encodeURIComponent(couponOrder.number)}/cancel`,
      headers: boxOffice,
      payload: { tickets: [adultTicket!.id], refund: 'original', reason: 'Ill' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    now = new Date('2026-11-20T10:00:00Z');
    await logIn();
  }, 120_000);
  afterAll(() => test?.close());

  async function sales(from: string, to: string, by = 'day') {
    const response = await get(`/api/staff/reports/sales?from=${from}&to=${to}&by=${by}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it('counts each invoice on its shop day across the spring DST change, and the refund on its own day', async () => {
    const report = await sales('2026-03-28', '2026-03-31');
    expect(report.time_zone).toBe('Europe/Amsterdam');
    expect(report.rows.map((row: { key: string; orders: number }) => [row.key, row.orders])).toEqual([
      ['2026-03-28', 1],
      ['2026-03-29', 2],
      ['2026-03-30', 1],
    ]);
    const refundDay = report.rows.find((row: { key: string }) => row.key === '2026-03-30');
    expect(refundDay).toMatchObject({ refunds: 1, refunded_tickets: 1 });
    // The refund's amount is the ticket's share of what was paid (decision 0235), on the credit note.
    const [refund] = await db.select().from(s.refunds).where(eq(s.refunds.orderId, orders[1]!.id));
    expect(refundDay.refunded_gross_cents).toBe(refund!.amountCents);
    expect(report.rows.find((row: { key: string }) => row.key === '2026-03-29').tickets).toBe(6);
  });

  it('counts the 25-hour autumn day once, from its first to its last minute', async () => {
    const report = await sales('2026-10-25', '2026-10-25');
    expect(report.rows).toHaveLength(1);
    expect(report.rows[0]).toMatchObject({ key: '2026-10-25', orders: 2, tickets: 4 });
    expect((await sales('2026-10-26', '2026-10-26')).totals.orders).toBe(1);
    expect((await sales('2026-10-24', '2026-10-24')).totals.orders).toBe(0);
  });

  it('agrees to the cent with the VAT report and the orders export, whatever the grouping', async () => {
    for (const [from, to] of [
      ['2026-03-01', '2026-03-31'],
      ['2026-03-29', '2026-03-29'],
      ['2026-10-25', '2026-10-26'],
    ] as const) {
      const vat = await vatReport(db, organisation, from, to);
      const sum = (rates: { grossCents: number; netCents: number; vatCents: number }[]) => ({
        gross_cents: rates.reduce((total, rate) => total + rate.grossCents, 0),
        net_cents: rates.reduce((total, rate) => total + rate.netCents, 0),
        vat_cents: rates.reduce((total, rate) => total + rate.vatCents, 0),
      });
      const revenue = sum(vat.revenue);
      const credited = sum(vat.credited);
      for (const by of ['day', 'week', 'month', 'product', 'audience', 'channel', 'coupon']) {
        const report = await sales(from, to, by);
        expect(report.totals, `${from}..${to} by ${by}`).toMatchObject({
          orders: vat.invoices,
          refunds: vat.creditNotes,
          ...revenue,
          refunded_gross_cents: credited.gross_cents,
          refunded_net_cents: credited.net_cents,
          refunded_vat_cents: credited.vat_cents,
        });
        // The rows add up to the totals.
        for (const column of ['gross_cents', 'net_cents', 'vat_cents', 'tickets', 'refunded_gross_cents'])
          expect(
            report.rows.reduce((total: number, row: Record<string, number>) => total + row[column]!, 0),
            `${by} ${column}`,
          ).toBe(report.totals[column]);
      }
    }
    // The orders export of the same orders: the same gross and VAT to the cent. (The export picks
    // orders by the database's creation time, which this test's clock does not set: all of them.)
    const all = await sales('2026-01-01', '2026-12-31', 'month');
    const cents = (value: string | undefined) => Math.round(Number(value ?? 0) * 100);
    let exportGross = 0;
    let exportVat = 0;
    const today = calendarDateAt(new Date(), organisation.timeZone);
    for await (const order of exportOrders(db, organisation, {
      from: '2026-01-01',
      to: today,
      statuses: [],
    })) {
      for (const part of [...order.lines, ...order.additions]) {
        exportGross += cents(part.vat?.gross);
        exportVat += cents(part.vat?.vat);
      }
      // Its reductions (the coupon) are summed apart, as taken off.
      exportGross -= Math.abs(cents(order.reductions_vat?.gross));
      exportVat -= Math.abs(cents(order.reductions_vat?.vat));
    }
    expect(all.totals.orders).toBe(orders.length);
    expect(exportGross).toBe(all.totals.gross_cents);
    expect(exportVat).toBe(all.totals.vat_cents);
  });

  it('groups by channel, coupon, product and audience with names', async () => {
    const channels = await sales('2026-03-28', '2026-03-30', 'channel');
    expect(channels.rows.map((row: { key: string }) => row.key).sort()).toEqual([
      'direct',
      'ref:search.example',
      'utm:newsletter',
    ]);
    const coupons = await sales('2026-03-28', '2026-03-30', 'coupon');
    expect(coupons.rows.find((row: { key: string }) => row.key === 'coupon:TENOFF')).toMatchObject({
      orders: 1,
      label: 'TENOFF',
    });
    const products = await sales('2026-03-28', '2026-10-31', 'product');
    expect(products.rows[0]).toMatchObject({ key: `product:${show.product.id}`, label: 'Evening show' });
    const audiences = await sales('2026-03-28', '2026-10-31', 'audience');
    expect(audiences.rows.map((row: { label: string | null }) => row.label)).toContain(
      'Evening show – Adult',
    );
  });

  it('shows occupancy, today, no-shows, gift cards and refunds', async () => {
    const sold = await db
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(
        and(
          inArray(
            s.tickets.orderId,
            orders.map((order) => order.id),
          ),
        ),
      );
    const live = sold.length - 1; // one cancelled
    const [first] = await db
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(eq(s.tickets.orderId, orders[0]!.id));
    const [admission] = await db
      .insert(s.admissions)
      .values({ organisationId: organisation.id, ticketId: first!.id, day: '2026-11-20' })
      .returning({ id: s.admissions.id });
    // As the door's insertAdmission counts it on the slot (decision 0271).
    await addPlotAdmissions(db, 1, sql`a.id = ${admission!.id}`);

    const occupancy = (await get('/api/staff/reports/occupancy?from=2026-11-20&to=2026-11-20')).json();
    expect(occupancy.plots).toEqual([
      expect.objectContaining({
        plot_id: show.plot.id,
        capacity: 40,
        sold: live,
        reserved: 0,
        admitted: 1,
        free: 40 - live,
      }),
    ]);
    const today = (await get('/api/staff/reports/today')).json();
    expect(today).toMatchObject({ date: '2026-11-20', plots: occupancy.plots });
    const noShows = (await get('/api/staff/reports/no-shows?from=2026-11-01&to=2026-11-30')).json();
    expect(noShows.rows).toEqual([
      expect.objectContaining({ date: '2026-11-20', sold: live, admitted: 1, no_shows: live - 1 }),
    ]);
    const refunds = (await get('/api/staff/reports/refunds?from=2026-03-01&to=2026-03-31')).json();
    expect(refunds.rows).toEqual([
      expect.objectContaining({ date: '2026-03-30', cancellations: 1, items: 1, open_cents: 0 }),
    ]);
    expect(refunds.by_method).toEqual([expect.objectContaining({ method: 'original', cancellations: 1 })]);

    const [code] = await db
      .insert(s.issuedVouchers)
      .values({
        organisationId: organisation.id,
        code: 'GIFT-REPORT-1',
        initialCents: 2500,
        balanceCents: 2500,
        expiresAt: new Date('2027-01-10T12:00:00Z'),
        createdAt: new Date('2026-11-01T12:00:00Z'),
      })
      .returning();
    const cards = (await get('/api/staff/reports/gift-cards')).json();
    expect(cards).toMatchObject({
      outstanding_cents: 2500,
      codes_with_credit: 1,
      expiring: [{ month: '2027-01', codes: 1, balance_cents: 2500 }],
      expiring_cents: 2500,
    });
    expect(code).toBeTruthy();
  });

  it('answers managers only: 403 for door and box office, 401 without a session, 400 for a bad period', async () => {
    const urls = [
      '/api/staff/reports/sales?from=2026-03-01&to=2026-03-31&by=day',
      '/api/staff/reports/occupancy?from=2026-03-01&to=2026-03-31',
      '/api/staff/reports/today',
      '/api/staff/reports/gift-cards',
      '/api/staff/reports/no-shows?from=2026-03-01&to=2026-03-31',
      '/api/staff/reports/refunds?from=2026-03-01&to=2026-03-31',
    ];
    for (const url of urls) {
      for (const headers of [door, boxOffice]) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().error.code).toBe('STAFF_FORBIDDEN');
      }
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get('/api/staff/reports/sales?from=2026-03-31&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('/api/staff/reports/sales?from=2025-01-01&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('/api/staff/reports/sales?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('/api/staff/reports/sales?from=2026-03-01&to=2026-03-02&by=hour')).statusCode).toBe(
      400,
    );
  });
});
