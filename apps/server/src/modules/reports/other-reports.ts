import {
  GIFT_CARD_EXPIRY_DAYS,
  type GiftCardReport,
  type NoShowRow,
  type RefundReport,
} from '@kassa/domain/contract/staff-reports';
import { addCalendarDays, instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { LocalizedText } from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';
import { giftCardLiability } from '../orders-export/vat-report.ts';
import { int, rowsOf } from './report-sql.ts';

/** The instants a period of shop days spans: from its first midnight to the one after its last day. */
export function periodInstants(from: string, to: string, timeZone: string): { start: string; end: string } {
  return {
    start: new Date(instantOfWallClock(from, '00:00', timeZone)).toISOString(),
    end: new Date(instantOfWallClock(addCalendarDays(to, 1), '00:00', timeZone)).toISOString(),
  };
}

/** Gift-card credit outstanding now (decision 0243's liability) and the credit about to expire. */
export async function giftCards(
  db: Db,
  shop: { id: number; timeZone: string },
  now: Date,
): Promise<GiftCardReport> {
  const until = new Date(now.getTime() + GIFT_CARD_EXPIRY_DAYS * 86_400_000);
  const [outstanding, [left], expiring] = await Promise.all([
    giftCardLiability(db, shop.id, now),
    rowsOf<{ codes: string | number }>(
      db,
      sql`SELECT count(*) AS codes FROM issued_vouchers
        WHERE organisation_id = ${shop.id} AND balance_cents > 0
          AND (expires_at IS NULL OR expires_at > ${now.toISOString()}::timestamptz)`,
    ),
    rowsOf<{ month: string; codes: string | number; balance: string | number }>(
      db,
      sql`SELECT to_char(expires_at AT TIME ZONE ${shop.timeZone}, 'YYYY-MM') AS month,
          count(*) AS codes, sum(balance_cents) AS balance
        FROM issued_vouchers
        WHERE organisation_id = ${shop.id} AND balance_cents > 0
          AND expires_at > ${now.toISOString()}::timestamptz AND expires_at <= ${until.toISOString()}::timestamptz
        GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  const months = expiring.map((row) => ({
    month: row.month,
    codes: int(row.codes),
    balance_cents: int(row.balance),
  }));
  return {
    at: now.toISOString(),
    outstanding_cents: outstanding,
    codes_with_credit: int(left?.codes),
    expiring: months,
    expiring_cents: months.reduce((sum, row) => sum + row.balance_cents, 0),
  };
}

/**
 * Tickets of paid orders for the plots of each day and product, not
 * cancelled, and how many of them were let in: the rest did not come.
 * Read from the plots' counts (decision 0271), which the transactions that
 * issue, cancel and move tickets and that admit and undo at the door keep,
 * instead of from every ticket of the period and its admission.
 */
export async function noShows(
  db: Db,
  shop: { id: number; defaultLanguage: string },
  from: string,
  to: string,
  language: string,
): Promise<NoShowRow[]> {
  const rows = await rowsOf<{
    date: string;
    product_id: number;
    title: LocalizedText;
    sold: string | number;
    admitted: string | number;
  }>(
    db,
    sql`
      SELECT to_char(p.date, 'YYYY-MM-DD') AS date, p.product_id, pr.title,
        sum(c.tickets) AS sold, sum(c.admitted) AS admitted
      FROM plots p
      JOIN products pr ON pr.id = p.product_id
      JOIN plot_tallies c ON c.plot_id = p.id
      WHERE pr.organisation_id = ${shop.id} AND p.date BETWEEN ${from}::date AND ${to}::date
      GROUP BY p.date, p.product_id, pr.title
      HAVING sum(c.tickets) > 0
      ORDER BY p.date, p.product_id
    `,
  );
  return rows.map((row) => {
    const sold = int(row.sold);
    const admitted = int(row.admitted);
    return {
      date: row.date,
      product_id: Number(row.product_id),
      product: pickText(row.title, language, shop.defaultLanguage),
      sold,
      admitted,
      no_shows: sold - admitted,
    };
  });
}

/** Cancellations made on the period's shop days (engine/refunds' rows): counts, amounts, what is still open. */
export async function refundsReport(
  db: Db,
  shop: { id: number; timeZone: string },
  from: string,
  to: string,
): Promise<RefundReport> {
  const { start, end } = periodInstants(from, to, shop.timeZone);
  const where = sql`r.organisation_id = ${shop.id}
    AND r.created_at >= ${start}::timestamptz AND r.created_at < ${end}::timestamptz`;
  const [days, methods] = await Promise.all([
    rowsOf<{
      date: string;
      n: string | number;
      items: string | number;
      amount: string | number;
      open: string | number;
    }>(
      db,
      sql`SELECT to_char(r.created_at AT TIME ZONE ${shop.timeZone}, 'YYYY-MM-DD') AS date,
          count(*) AS n,
          sum((SELECT coalesce(sum((line->>'quantity')::int), 0) FROM jsonb_array_elements(r.lines) line)) AS items,
          sum(r.amount_cents) AS amount,
          sum(CASE WHEN r.status = 'succeeded' THEN 0 ELSE r.amount_cents END) AS open
        FROM refunds r WHERE ${where} GROUP BY 1 ORDER BY 1`,
    ),
    rowsOf<{ method: string; n: string | number; amount: string | number }>(
      db,
      sql`SELECT r.method, count(*) AS n, sum(r.amount_cents) AS amount
        FROM refunds r WHERE ${where} GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  return {
    from,
    to,
    rows: days.map((row) => ({
      date: row.date,
      cancellations: int(row.n),
      items: int(row.items),
      amount_cents: int(row.amount),
      open_cents: int(row.open),
    })),
    by_method: methods.map((row) => ({
      method: row.method,
      cancellations: int(row.n),
      amount_cents: int(row.amount),
    })),
  };
}
