import type { SalesGrouping, SalesReport, SalesRow } from '@kassa/domain/contract/staff-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pickText } from '../../lib/language.ts';
import type { LocalizedText, SalesRollupDimension, SalesRollupDocument } from '../../db/schema.ts';
import { int, rowsOf } from './report-sql.ts';

interface ReportShop {
  id: number;
  timeZone: string;
  currency: string;
  defaultLanguage: string;
}

/** The rollup's dimension a grouping reads, and the key of its rows (r: a rollup row). */
function rollupGroup(by: SalesGrouping): { dimension: SalesRollupDimension; key: SQL } {
  switch (by) {
    case 'day':
      return { dimension: 'day', key: sql`to_char(r.day, 'YYYY-MM-DD')` };
    case 'week':
      // Days on the shop's calendar summed into its Monday-to-Sunday weeks.
      return { dimension: 'day', key: sql`to_char(date_trunc('week', r.day), 'YYYY-MM-DD')` };
    case 'month':
      return { dimension: 'day', key: sql`to_char(r.day, 'YYYY-MM')` };
    default:
      return { dimension: by, key: sql`r.key` };
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
 * The period's sums per group from the sales rollup (decision 0271): the
 * lines of the invoices (or credit notes) issued on its days, as they were
 * added when each was issued. A document is on one day, so its days add up
 * to weeks and months, documents included.
 */
async function sumDocuments(
  db: Db,
  document: SalesRollupDocument,
  shop: ReportShop,
  from: string,
  to: string,
  by: SalesGrouping,
): Promise<FigureRow[]> {
  const { dimension, key } = rollupGroup(by);
  return rowsOf<FigureRow>(
    db,
    sql`
      SELECT ${key} AS key, sum(r.documents) AS documents, sum(r.tickets) AS tickets,
        sum(r.gross_cents) AS gross, sum(r.net_cents) AS net, sum(r.vat_cents) AS vat
      FROM sales_rollup r
      WHERE r.organisation_id = ${shop.id} AND r.document = ${document} AND r.dimension = ${dimension}
        AND r.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1
    `,
  );
}

/** How many documents of the period in all (a document's lines may fall in several groups). */
async function countDocuments(
  db: Db,
  document: SalesRollupDocument,
  shopId: number,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`SELECT sum(r.documents) AS n FROM sales_rollup r
      WHERE r.organisation_id = ${shopId} AND r.document = ${document} AND r.dimension = 'total'
        AND r.day BETWEEN ${from}::date AND ${to}::date`,
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
 * credit notes issued on those days, in their own columns, on their own day,
 * read from the rollup their issuing transactions added to (decision 0271).
 */
export async function salesReport(
  db: Db,
  shop: ReportShop,
  query: { from: string; to: string; by: SalesGrouping },
  language: string,
): Promise<SalesReport> {
  const { from, to, by } = query;
  const [sold, refunded, invoiceCount, noteCount] = await Promise.all([
    sumDocuments(db, 'INVOICE', shop, from, to, by),
    sumDocuments(db, 'CREDIT_NOTE', shop, from, to, by),
    countDocuments(db, 'INVOICE', shop.id, from, to),
    countDocuments(db, 'CREDIT_NOTE', shop.id, from, to),
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
