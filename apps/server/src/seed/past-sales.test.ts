/**
 * The demo's past sales (decision 0264): invoiced as the document engine
 * would invoice them, so the sales report agrees with the VAT report, and
 * deterministic for a given day.
 */
import { addCalendarDays } from '@kassa/domain/rules/wall-clock';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../db/schema.ts';
import { issuedLines } from '../engine/documents/issue-invoice.ts';
import { rateOrderLines } from '../engine/documents/order-vat.ts';
import { vatReport } from '../modules/orders-export/vat-report.ts';
import { salesReport } from '../modules/reports/sales-report.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { todayIn } from './dates.ts';
import { DEMO_PAST_SALES_DAYS } from './past-sales.ts';
import { seedIfEmpty } from './seed.ts';
import { sql } from 'drizzle-orm';
import { noShows } from '../modules/reports/other-reports.ts';
import {
  documentDays,
  recomputedRollup,
  rollupDays,
  rollupRows,
} from '../engine/documents/sales-rollup-fixtures.ts';

const NOW = new Date('2026-11-02T10:00:00Z');
let t: TestApp;
let organisation: typeof s.organisations.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  await seedIfEmpty(t.db, NOW);
  [organisation] = (await t.db.select().from(s.organisations)) as [typeof organisation];
}, 120_000);
afterAll(() => t?.close());

describe('the demo’s past sales', () => {
  it('invoices each order as the document engine does', async () => {
    const rows = await t.db.select().from(s.invoices).orderBy(s.invoices.id);
    expect(rows.length).toBeGreaterThan(300);
    for (const invoice of rows.filter((_, index) => index % 25 === 0)) {
      const rated = await rateOrderLines(t.db, invoice.orderId, invoice.language);
      expect(invoice.totals).toEqual(rated!.document.totals);
      expect(invoice.lines).toEqual(issuedLines(rated!, invoice.language));
    }
    // Numbers are gap-free per year, and the counter continues after them.
    const years = new Map<number, number[]>();
    for (const invoice of rows)
      years.set(invoice.year, [...(years.get(invoice.year) ?? []), invoice.sequence]);
    for (const [year, sequences] of years) {
      expect(sequences).toEqual(sequences.map((_, index) => index + 1));
      const [counter] = await t.db
        .select()
        .from(s.documentCounters)
        .where(and(eq(s.documentCounters.year, year), eq(s.documentCounters.kind, 'INVOICE')));
      expect(counter!.last).toBe(sequences.length);
    }
  });

  it('agrees with the VAT report over the 90 days, with refunds, coupons, channels and no-shows', async () => {
    const today = todayIn(organisation.timeZone, NOW);
    const from = addCalendarDays(today, -DEMO_PAST_SALES_DAYS);
    const to = addCalendarDays(today, -1);
    const vat = await vatReport(t.db, organisation, from, to);
    const sales = await salesReport(t.db, organisation, { from, to, by: 'day' }, 'en');
    const sum = (rates: { grossCents: number }[]) =>
      rates.reduce((total, rate) => total + rate.grossCents, 0);
    expect(sales.totals.orders).toBe(vat.invoices);
    expect(sales.totals.gross_cents).toBe(sum(vat.revenue));
    expect(sales.totals.refunded_gross_cents).toBe(sum(vat.credited));
    expect(sales.totals.refunds).toBeGreaterThan(0);
    expect(sales.rows).toHaveLength(DEMO_PAST_SALES_DAYS);
    const channels = await salesReport(t.db, organisation, { from, to, by: 'channel' }, 'en');
    expect(channels.rows.map((row) => row.key).sort()).toEqual([
      'direct',
      'ref:google.com',
      'ref:iamsterdam.com',
      'utm:instagram',
      'utm:newsletter',
    ]);
    const coupons = await salesReport(t.db, organisation, { from, to, by: 'coupon' }, 'en');
    expect(coupons.rows.map((row) => row.key).sort()).toEqual(['coupon:WELCOME10', 'none']);
  });

  it('fills the sales rollup and the slots’ admitted counts as the engine and the door would (decision 0271)', async () => {
    const rows = await rollupRows(t.db, organisation.id);
    expect(rows.filter((row) => row.document === 'CREDIT_NOTE').length).toBeGreaterThan(0);
    // Every row equals the rollup built again from the invoices and credit notes, to the cent.
    expect(rows).toEqual(await recomputedRollup(t.db, organisation.id));
    expect(rollupDays(rows)).toEqual(await documentDays(t.db, organisation.id));
    // No-shows from the counts equal a count over every ticket and its admission.
    const today = todayIn(organisation.timeZone, NOW);
    const from = addCalendarDays(today, -DEMO_PAST_SALES_DAYS);
    const to = addCalendarDays(today, 30);
    const report = await noShows(t.db, organisation, from, to, 'en');
    const scanned = await t.db.execute(sql`
      SELECT to_char(p.date, 'YYYY-MM-DD') AS date, p.product_id, count(t.id)::integer AS sold,
        count(a.id)::integer AS admitted
      FROM plots p
      JOIN products pr ON pr.id = p.product_id
      JOIN order_lines ol ON ol.plot_id = p.id AND ol.kind = 'PRODUCT'
      JOIN orders o ON o.id = ol.order_id AND o.status IN ('PAID', 'INVOICED')
      JOIN tickets t ON t.order_line_id = ol.id AND t.cancelled_at IS NULL
      LEFT JOIN admissions a ON a.ticket_id = t.id AND a.undone_at IS NULL AND a.duplicate_of IS NULL
      WHERE pr.organisation_id = ${organisation.id} AND p.date BETWEEN ${from}::date AND ${to}::date
      GROUP BY p.date, p.product_id
      ORDER BY p.date, p.product_id`);
    const expected = (
      scanned as unknown as { rows: { date: string; product_id: number; sold: number; admitted: number }[] }
    ).rows;
    expect(expected.some((row) => row.admitted > 0 && row.admitted < row.sold)).toBe(true);
    expect(
      report.map(({ date, product_id, sold, admitted }) => ({ date, product_id, sold, admitted })),
    ).toEqual(expected.map((row) => ({ ...row, product_id: Number(row.product_id) })));
  });

  it('is the same on every seed of the same day', async () => {
    const again = await createTestApp();
    try {
      await seedIfEmpty(again.db, NOW);
      const pick = (db: typeof t.db) =>
        db
          .select({ gross: s.invoices.grossCents, date: s.invoices.issueDate, number: s.invoices.number })
          .from(s.invoices)
          .orderBy(s.invoices.number);
      expect(await pick(again.db)).toEqual(await pick(t.db));
    } finally {
      await again.close();
    }
  }, 120_000);
});
