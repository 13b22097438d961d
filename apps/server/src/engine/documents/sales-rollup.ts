import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { SalesRollupDimension, SalesRollupDocument } from '../../db/schema.ts';

/**
 * The group of one issued line per dimension (d: the document, l: its line,
 * ol: the order line it is for, o: the order), as the sales report groups
 * (decision 0262). Lines that belong to no product keep their kind, so the
 * groups of a day always add up to its totals. Channel and coupon are the
 * order's, so every line of a document falls in one group of those.
 */
export const GROUP_KEYS: Record<Exclude<SalesRollupDimension, 'total'>, SQL> = (() => {
  const byKind = sql`'kind:' || CASE WHEN l.kind = 'REDUCTION' THEN 'REDUCTION' ELSE coalesce(ol.kind, 'REDUCTION') END`;
  const referrerHost = sql`substring(o.enrichment->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')`;
  return {
    day: sql`''`,
    product: sql`CASE WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' THEN 'product:' || ol.product_id ELSE ${byKind} END`,
    audience: sql`CASE WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' AND ol.audience_id IS NOT NULL THEN 'audience:' || ol.audience_id
      WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' THEN 'product:' || ol.product_id ELSE ${byKind} END`,
    channel: sql`CASE
      WHEN nullif(trim(o.enrichment->>'utm_source'), '') IS NOT NULL THEN 'utm:' || lower(trim(o.enrichment->>'utm_source'))
      WHEN ${referrerHost} IS NOT NULL THEN 'ref:' || lower(regexp_replace(${referrerHost}, '^www\\.', ''))
      ELSE 'direct' END`,
    coupon: sql`CASE WHEN cardinality(o.coupon_codes) = 0 THEN 'none' ELSE 'coupon:' || array_to_string(o.coupon_codes, '+') END`,
  };
})();

const tableOf = (document: SalesRollupDocument): SQL =>
  document === 'INVOICE' ? sql`invoices` : sql`credit_notes`;

/**
 * The rollup rows of the documents `where` picks (d: the document), summed
 * per day, dimension and group, exactly as the report summed the lines
 * before (decision 0262): tickets are the charged units of product lines.
 * The `total` dimension counts every document, one without lines too.
 */
function rollupSelect(document: SalesRollupDocument, where: SQL): SQL {
  const groups = Object.entries(GROUP_KEYS).map(([dimension, key]) => sql`(${dimension}::text, ${key})`);
  return sql`
    SELECT d.organisation_id, ${document}::text AS document, g.dimension, d.issue_date AS day, g.key,
      count(DISTINCT d.id)::integer AS documents,
      coalesce(sum(CASE WHEN l.kind = 'CHARGE' AND ol.kind = 'PRODUCT' THEN l.quantity ELSE 0 END), 0) AS tickets,
      coalesce(sum(l."grossCents"), 0) AS gross_cents,
      coalesce(sum(l."netCents"), 0) AS net_cents,
      coalesce(sum(l."vatCents"), 0) AS vat_cents
    FROM ${tableOf(document)} d
    JOIN orders o ON o.id = d.order_id
    CROSS JOIN LATERAL jsonb_to_recordset(d.lines)
      AS l("orderLineId" integer, kind text, quantity integer, "grossCents" integer, "netCents" integer, "vatCents" integer)
    LEFT JOIN order_lines ol ON ol.id = l."orderLineId"
    CROSS JOIN LATERAL (VALUES ${sql.join(groups, sql`, `)}) AS g(dimension, key)
    WHERE ${where}
    GROUP BY d.organisation_id, g.dimension, d.issue_date, g.key
    UNION ALL
    SELECT d.organisation_id, ${document}::text, 'total', d.issue_date, '', count(*)::integer, 0, 0, 0, 0
    FROM ${tableOf(document)} d
    WHERE ${where}
    GROUP BY d.organisation_id, d.issue_date`;
}

/**
 * Adds the documents `where` picks to the rollup, in the caller's
 * transaction (decision 0271): one INSERT … ON CONFLICT DO UPDATE that adds
 * to what is there, so two transactions adding to the same row both count
 * (the second waits for the first's row lock, then adds to its committed
 * value). Rows are written in key order, so two issuers never wait on each
 * other in opposite orders.
 *
 * `readModifyWrite` is the race test's negative control only: it reads the
 * row, waits a moment and writes the sum back, as a naive implementation
 * would, so concurrent issuers overwrite each other.
 */
export async function addToSalesRollup(
  tx: Tx | Db,
  document: SalesRollupDocument,
  where: SQL,
  options: { readModifyWrite?: boolean } = {},
): Promise<void> {
  if (options.readModifyWrite) return readModifyWrite(tx, document, where);
  await tx.execute(sql`
    INSERT INTO sales_rollup (organisation_id, document, dimension, day, key, documents, tickets, gross_cents, net_cents, vat_cents)
    SELECT * FROM (${rollupSelect(document, where)}) AS r
    ORDER BY r.dimension, r.day, r.key
    ON CONFLICT (organisation_id, document, dimension, day, key) DO UPDATE SET
      documents = sales_rollup.documents + excluded.documents,
      tickets = sales_rollup.tickets + excluded.tickets,
      gross_cents = sales_rollup.gross_cents + excluded.gross_cents,
      net_cents = sales_rollup.net_cents + excluded.net_cents,
      vat_cents = sales_rollup.vat_cents + excluded.vat_cents`);
}

/** Adds one issued document (its id) to the rollup. */
export function addDocumentToSalesRollup(
  tx: Tx,
  document: SalesRollupDocument,
  id: number,
  options: { readModifyWrite?: boolean } = {},
): Promise<void> {
  return addToSalesRollup(tx, document, sql`d.id = ${id}`, options);
}

/**
 * Builds a shop's rollup again from its documents (both kinds), in the
 * caller's transaction: for rows written in bulk outside the document
 * engine (a benchmark's, a database from before the rollup).
 */
export async function rebuildSalesRollup(tx: Tx | Db, organisationId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM sales_rollup WHERE organisation_id = ${organisationId}`);
  for (const document of ['INVOICE', 'CREDIT_NOTE'] as const)
    await addToSalesRollup(tx, document, sql`d.organisation_id = ${organisationId}`);
}

interface RollupRow {
  organisation_id: number;
  document: string;
  dimension: string;
  day: string;
  key: string;
  documents: number | string;
  tickets: number | string;
  gross_cents: number | string;
  net_cents: number | string;
  vat_cents: number | string;
}

async function readModifyWrite(tx: Tx | Db, document: SalesRollupDocument, where: SQL): Promise<void> {
  const result =
    await tx.execute(sql`SELECT r.organisation_id, r.document, r.dimension, to_char(r.day, 'YYYY-MM-DD') AS day, r.key,
      r.documents, r.tickets, r.gross_cents, r.net_cents, r.vat_cents
    FROM (${rollupSelect(document, where)}) AS r`);
  const added = (result as unknown as { rows: RollupRow[] }).rows;
  const keyOf = (
    row: RollupRow,
  ) => sql`organisation_id = ${row.organisation_id} AND document = ${row.document}
    AND dimension = ${row.dimension} AND day = ${row.day}::date AND key = ${row.key}`;
  const before: (RollupRow | undefined)[] = [];
  for (const row of added) {
    const found = await tx.execute(sql`SELECT documents, tickets, gross_cents, net_cents, vat_cents
      FROM sales_rollup WHERE ${keyOf(row)}`);
    before.push((found as unknown as { rows: RollupRow[] }).rows[0]);
  }
  // The window a naive read-then-write leaves open to another issuer.
  await tx.execute(sql`SELECT pg_sleep(0.05)`);
  for (const [index, row] of added.entries()) {
    const sum = (field: keyof RollupRow) => Number(before[index]?.[field] ?? 0) + Number(row[field]);
    await tx.execute(sql`
      INSERT INTO sales_rollup (organisation_id, document, dimension, day, key, documents, tickets, gross_cents, net_cents, vat_cents)
      VALUES (${row.organisation_id}, ${row.document}, ${row.dimension}, ${row.day}::date, ${row.key},
        ${sum('documents')}, ${sum('tickets')}, ${sum('gross_cents')}, ${sum('net_cents')}, ${sum('vat_cents')})
      ON CONFLICT (organisation_id, document, dimension, day, key) DO UPDATE SET
        documents = excluded.documents, tickets = excluded.tickets, gross_cents = excluded.gross_cents,
        net_cents = excluded.net_cents, vat_cents = excluded.vat_cents`);
  }
}
