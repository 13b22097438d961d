/**
 * Test support for the sales rollup (decision 0271): the shop's rollup as
 * stored, and what its documents add up to, recomputed from them.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rebuildSalesRollup } from './sales-rollup.ts';

export interface RollupRow {
  document: string;
  dimension: string;
  day: string;
  key: string;
  documents: number;
  tickets: number;
  gross: number;
  net: number;
  vat: number;
}

/** The shop's rollup rows, in a stable order. */
export async function rollupRows(db: Db | Tx, organisationId: number): Promise<RollupRow[]> {
  const result = await db.execute(sql`
    SELECT document, dimension, to_char(day, 'YYYY-MM-DD') AS day, key, documents,
      tickets::integer AS tickets, gross_cents::integer AS gross, net_cents::integer AS net, vat_cents::integer AS vat
    FROM sales_rollup WHERE organisation_id = ${organisationId}
    ORDER BY document, dimension, day, key`);
  return (result as unknown as { rows: RollupRow[] }).rows.map((row) => ({
    ...row,
    documents: Number(row.documents),
  }));
}

/**
 * The rollup as the shop's documents make it now, built again from them in
 * a transaction that is rolled back: the stored rollup is left as it is.
 */
export async function recomputedRollup(db: Db, organisationId: number): Promise<RollupRow[]> {
  let rows: RollupRow[] = [];
  const rollBack = new Error('roll back');
  try {
    await db.transaction(async (tx) => {
      await rebuildSalesRollup(tx, organisationId);
      rows = await rollupRows(tx, organisationId);
      throw rollBack;
    });
  } catch (error) {
    if (error !== rollBack) throw error;
  }
  return rows;
}

/**
 * What the documents say without the rollup's grouping: per kind and issue
 * day, how many documents and their gross (the sum of their lines).
 */
export async function documentDays(
  db: Db,
  organisationId: number,
): Promise<{ document: string; day: string; documents: number; gross: number }[]> {
  const result = await db.execute(sql`
    SELECT 'INVOICE' AS document, to_char(issue_date, 'YYYY-MM-DD') AS day, count(*)::integer AS documents,
      sum(gross_cents)::integer AS gross
    FROM invoices WHERE organisation_id = ${organisationId} GROUP BY issue_date
    UNION ALL
    SELECT 'CREDIT_NOTE', to_char(issue_date, 'YYYY-MM-DD'), count(*)::integer, sum(gross_cents)::integer
    FROM credit_notes WHERE organisation_id = ${organisationId} GROUP BY issue_date
    ORDER BY 1, 2`);
  return (
    result as unknown as { rows: { document: string; day: string; documents: number; gross: number }[] }
  ).rows;
}

/** The rollup's own per-day figures in documentDays' shape: `total` documents, `day` gross. */
export function rollupDays(
  rows: RollupRow[],
): { document: string; day: string; documents: number; gross: number }[] {
  const days = new Map<string, { document: string; day: string; documents: number; gross: number }>();
  for (const row of rows) {
    if (row.dimension !== 'total' && row.dimension !== 'day') continue;
    const id = `${row.document} ${row.day}`;
    const day = days.get(id) ?? { document: row.document, day: row.day, documents: 0, gross: 0 };
    if (row.dimension === 'total') day.documents += row.documents;
    else day.gross += row.gross;
    days.set(id, day);
  }
  return [...days.values()].sort(
    (a, b) => a.document.localeCompare(b.document) || a.day.localeCompare(b.day),
  );
}
