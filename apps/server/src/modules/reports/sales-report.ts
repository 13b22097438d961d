import type { SalesGrouping, SalesReport, SalesRow } from '@kassa/domain/contract/staff-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pickText } from '../../lib/language.ts';
import type { LocalizedText } from '../../db/schema.ts';
import { int, rowsOf } from './report-sql.ts';

interface ReportShop {
  id: number;
  timeZone: string;
  currency: string;
  defaultLanguage: string;
}

/**
 * The group of one issued line (d: the document, l: its line, ol: the order
 * line it is for, o: the order). Lines that belong to no product keep their
 * kind, so the groups of a period always add up to its totals.
 */
function groupKey(by: SalesGrouping): SQL {
  const byKind = sql`'kind:' || CASE WHEN l.kind = 'REDUCTION' THEN 'REDUCTION' ELSE coalesce(ol.kind, 'REDUCTION') END`;
  switch (by) {
    case 'day':
      return sql`to_char(d.issue_date, 'YYYY-MM-DD')`;
    case 'week':
      return sql`to_char(date_trunc('week', d.issue_date), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(d.issue_date, 'YYYY-MM')`;
    case 'product':
      return sql`CASE WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' THEN 'product:' || ol.product_id ELSE ${byKind} END`;
    case 'audience':
      return sql`CASE WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' AND ol.audience_id IS NOT NULL THEN 'audience:' || ol.audience_id
        WHEN ol.kind = 'PRODUCT' AND l.kind = 'CHARGE' THEN 'product:' || ol.product_id ELSE ${byKind} END`;
    case 'channel':
      return sql`CASE
        WHEN nullif(trim(o.enrichment->>'utm_source'), '') IS NOT NULL THEN 'utm:' || lower(trim(o.enrichment->>'utm_source'))
        WHEN substring(o.enrichment->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)') IS NOT NULL
          THEN 'ref:' || lower(regexp_replace(substring(o.enrichment->>'referrer' from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)'), '^www\\.', ''))
        ELSE 'direct' END`;
    case 'coupon':
      return sql`CASE WHEN cardinality(o.coupon_codes) = 0 THEN 'none' ELSE 'coupon:' || array_to_string(o.coupon_codes, '+') END`;
  }
}

interface FigureRow {
  key: string;
  documents: string | number;
  tickets: string | number;
  gross: string | number;
  net: string | number;
  vat: string | number;
}

/**
 * Sums the lines of the shop's invoices (or credit notes) issued on the
 * period's days, per group: the documents are what the VAT report reads
 * (decision 0243), and their lines carry the per-line VAT of the one
 * rounding rule (decision 0240), so groups add up to the report's totals.
 */
async function sumDocuments(
  db: Db,
  table: 'invoices' | 'credit_notes',
  shop: ReportShop,
  from: string,
  to: string,
  by: SalesGrouping,
): Promise<FigureRow[]> {
  const documents = table === 'invoices' ? sql`invoices` : sql`credit_notes`;
  return rowsOf<FigureRow>(
    db,
    sql`
      SELECT ${groupKey(by)} AS key,
        count(DISTINCT d.id) AS documents,
        coalesce(sum(CASE WHEN l.kind = 'CHARGE' AND ol.kind = 'PRODUCT' THEN l.quantity ELSE 0 END), 0) AS tickets,
        coalesce(sum(l."grossCents"), 0) AS gross,
        coalesce(sum(l."netCents"), 0) AS net,
        coalesce(sum(l."vatCents"), 0) AS vat
      FROM ${documents} d
      JOIN orders o ON o.id = d.order_id
      CROSS JOIN LATERAL jsonb_to_recordset(d.lines)
        AS l("orderLineId" integer, kind text, quantity integer, "grossCents" integer, "netCents" integer, "vatCents" integer)
      LEFT JOIN order_lines ol ON ol.id = l."orderLineId"
      WHERE d.organisation_id = ${shop.id} AND d.issue_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1
    `,
  );
}

/** How many documents of the period in all (a document's lines may fall in several groups). */
async function countDocuments(
  db: Db,
  table: 'invoices' | 'credit_notes',
  shopId: number,
  from: string,
  to: string,
): Promise<number> {
  const documents = table === 'invoices' ? sql`invoices` : sql`credit_notes`;
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM ${documents} d
      WHERE d.organisation_id = ${shopId} AND d.issue_date BETWEEN ${from}::date AND ${to}::date`,
  );
  return int(row?.n);
}

/** Names of the product and audience keys, in the request's language. */
async function labels(
  db: Db,
  keys: string[],
  language: string,
  fallback: string,
): Promise<Map<string, string>> {
  const ids = (prefix: string) =>
    keys.filter((key) => key.startsWith(prefix)).map((key) => Number(key.slice(prefix.length)));
  const productIds = ids('product:');
  const audienceIds = ids('audience:');
  const names = new Map<string, string>();
  if (productIds.length) {
    const rows = await rowsOf<{ id: number; title: LocalizedText }>(
      db,
      sql`SELECT id, title FROM products WHERE id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) names.set(`product:${row.id}`, pickText(row.title, language, fallback));
  }
  if (audienceIds.length) {
    const rows = await rowsOf<{ id: number; name: LocalizedText; title: LocalizedText }>(
      db,
      sql`SELECT a.id, a.name, p.title FROM audiences a LEFT JOIN products p ON p.id = a.product_id
        WHERE a.id IN (${sql.join(
          audienceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    for (const row of rows)
      names.set(
        `audience:${row.id}`,
        [pickText(row.title, language, fallback), pickText(row.name, language, fallback)]
          .filter(Boolean)
          .join(' – '),
      );
  }
  return names;
}

function labelOf(key: string, names: Map<string, string>): string | null {
  if (names.has(key)) return names.get(key)!;
  if (key.startsWith('utm:') || key.startsWith('ref:') || key.startsWith('coupon:'))
    return key.slice(key.indexOf(':') + 1);
  if (/^\d{4}-\d{2}(-\d{2})?$/.test(key)) return key;
  return null;
}

/**
 * Sales of the period on the shop's calendar, grouped (decision 0262):
 * revenue is what the invoices issued on those days say, refunds are the
 * credit notes issued on those days, in their own columns, on their own day.
 */
export async function salesReport(
  db: Db,
  shop: ReportShop,
  query: { from: string; to: string; by: SalesGrouping },
  language: string,
): Promise<SalesReport> {
  const { from, to, by } = query;
  const [sold, refunded, invoiceCount, noteCount] = await Promise.all([
    sumDocuments(db, 'invoices', shop, from, to, by),
    sumDocuments(db, 'credit_notes', shop, from, to, by),
    countDocuments(db, 'invoices', shop.id, from, to),
    countDocuments(db, 'credit_notes', shop.id, from, to),
  ]);
  const rows = new Map<string, SalesRow>();
  const rowOf = (key: string): SalesRow => {
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        label: null,
        orders: 0,
        tickets: 0,
        gross_cents: 0,
        net_cents: 0,
        vat_cents: 0,
        refunds: 0,
        refunded_tickets: 0,
        refunded_gross_cents: 0,
        refunded_net_cents: 0,
        refunded_vat_cents: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const figure of sold) {
    const row = rowOf(figure.key);
    row.orders = int(figure.documents);
    row.tickets = int(figure.tickets);
    row.gross_cents = int(figure.gross);
    row.net_cents = int(figure.net);
    row.vat_cents = int(figure.vat);
  }
  for (const figure of refunded) {
    const row = rowOf(figure.key);
    row.refunds = int(figure.documents);
    row.refunded_tickets = int(figure.tickets);
    row.refunded_gross_cents = int(figure.gross);
    row.refunded_net_cents = int(figure.net);
    row.refunded_vat_cents = int(figure.vat);
  }
  const names = await labels(db, [...rows.keys()], language, shop.defaultLanguage);
  const ordered = [...rows.values()].map((row) => ({ ...row, label: labelOf(row.key, names) }));
  if (by === 'day' || by === 'week' || by === 'month') ordered.sort((a, b) => a.key.localeCompare(b.key));
  else ordered.sort((a, b) => b.gross_cents - a.gross_cents || a.key.localeCompare(b.key));
  const sum = (pick: (row: SalesRow) => number) => ordered.reduce((total, row) => total + pick(row), 0);
  return {
    from,
    to,
    by,
    time_zone: shop.timeZone,
    currency: shop.currency,
    rows: ordered,
    totals: {
      orders: invoiceCount,
      tickets: sum((row) => row.tickets),
      gross_cents: sum((row) => row.gross_cents),
      net_cents: sum((row) => row.net_cents),
      vat_cents: sum((row) => row.vat_cents),
      refunds: noteCount,
      refunded_tickets: sum((row) => row.refunded_tickets),
      refunded_gross_cents: sum((row) => row.refunded_gross_cents),
      refunded_net_cents: sum((row) => row.refunded_net_cents),
      refunded_vat_cents: sum((row) => row.refunded_vat_cents),
    },
  };
}
