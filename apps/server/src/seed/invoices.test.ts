/**
 * A fresh demo shows invoices (decision 0249): every paid order the seed
 * writes with lines has its invoice, issued by the engine's issueInvoice,
 * numbered consecutively from the year's first, its totals the order's.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { DEMO_REBOOK_ORDER_REFERENCE } from './demo-constants.ts';
import { seedIfEmpty } from './seed.ts';

const NOW = new Date('2026-06-15T10:00:00Z');
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedIfEmpty(database.db, NOW);
}, 120_000);
afterAll(() => database?.close());

describe('the demo’s invoices', () => {
  it('are there for every paid order with lines, numbered 2026-00001 onwards, equal to the order', async () => {
    const { db } = database;
    const paid = await db
      .select()
      .from(s.orders)
      .where(eq(s.orders.status, 'PAID'))
      .orderBy(asc(s.orders.id));
    const lines = await db.select({ orderId: s.orderLines.orderId }).from(s.orderLines);
    const withLines = paid.filter((order) => lines.some((line) => line.orderId === order.id));
    expect(withLines.length).toBeGreaterThan(0);
    expect(withLines.map((order) => order.reference)).toContain(DEMO_REBOOK_ORDER_REFERENCE);

    const invoices = await db.select().from(s.invoices).orderBy(asc(s.invoices.sequence));
    expect(invoices.map((invoice) => invoice.orderId).sort()).toEqual(
      withLines.map((order) => order.id).sort(),
    );
    expect(invoices.map((invoice) => invoice.number)).toEqual(
      invoices.map((_, index) => `2026-${String(index + 1).padStart(5, '0')}`),
    );
    for (const invoice of invoices) {
      const order = withLines.find((row) => row.id === invoice.orderId)!;
      expect(invoice.grossCents).toBe(order.totalCents);
      expect(invoice.payableCents).toBe(order.totalCents);
      expect(invoice.issuedAt).toEqual(order.paidAt);
      expect(invoice.totals.length).toBeGreaterThan(0);
      const sum = invoice.totals.reduce((total, rate) => total + rate.grossCents, 0);
      expect(sum).toBe(invoice.grossCents);
    }
    const [counter] = await db
      .select()
      .from(s.documentCounters)
      .where(eq(s.documentCounters.kind, 'INVOICE'));
    expect(counter!.last).toBe(invoices.length);
  });
});
