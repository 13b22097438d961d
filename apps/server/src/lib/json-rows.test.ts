import { sql, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { createOrganisation, createPlot, createProduct } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { decodeRows, rowJson } from './json-rows.ts';

describe('rows through JSON (lib/json-rows)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const organisation = await createOrganisation(db, { name: 'Quote "and" \\ backslash', holdMinutes: 45 });
    const product = await createProduct(db, organisation.id, {
      title: { en: 'Tour', nl: 'Rondvaart' },
      label: null,
      groupIds: [3, 1, 2],
      maxQuantity: null,
    });
    await createPlot(db, product.id, { date: '2026-06-12', startTime: '14:30:00', capacity: null });
    await createPlot(db, product.id, { date: null, capacity: 7, maxOrders: 3 });
    await db.insert(s.fields).values({
      organisationId: organisation.id,
      type: 'DROPDOWN',
      name: { en: 'Size' },
      options: [{ value: 'L', label: { en: 'Large' } }],
      restrictProducts: [product.id],
    });
  });
  afterAll(() => database?.close());

  /** Every row of `table` both ways: a plain select, and json_agg(rowJson) decoded. */
  async function bothWays<T extends Table>(table: T) {
    const { db } = database;
    const byId = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => Number(a.id) - Number(b.id));
    const plain = (await db.select().from(table as never)) as Record<string, unknown>[];
    const result = await db.execute(sql`SELECT json_agg(${rowJson(table)}) AS rows FROM ${table}`);
    const [row] = (result as unknown as { rows: { rows: unknown }[] }).rows;
    return { plain: byId(plain), decoded: byId(decodeRows(table, row?.rows) as Record<string, unknown>[]) };
  }

  it.each([
    ['organisations (timestamps, text with quotes)', s.organisations],
    ['products (jsonb, integer arrays, nulls)', s.products],
    ['plots (date, time, null date and time)', s.plots],
    ['fields (jsonb options, integer arrays)', s.fields],
  ] as const)('decodes %s exactly as a select returns them', async (_name, table) => {
    const { plain, decoded } = await bothWays(table);
    expect(plain.length).toBeGreaterThan(0);
    expect(decoded).toEqual(plain);
  });

  it('gives no rows for an empty aggregate (json_agg of nothing is null)', async () => {
    expect(decodeRows(s.upsells, null)).toEqual([]);
    const { decoded } = await bothWays(s.upsells);
    expect(decoded).toEqual([]);
  });
});
