import type { OccupancyRow } from '@kassa/domain/contract/staff-reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { LocalizedText } from '../../db/schema.ts';
import { pickText } from '../../lib/language.ts';
import { int, rowsOf } from './report-sql.ts';

interface PlotFigures {
  plot_id: number;
  product_id: number;
  title: LocalizedText;
  date: string | null;
  start_time: string | null;
  end_time: string | null;
  capacity: number | null;
  closed: boolean;
  sold: string | number | null;
  reserved: string | number | null;
  admitted: string | number | null;
}

/**
 * Every plot of the shop's days `from` to `to`: its capacity, the seats
 * held as availability counts them (paid; reserved, unpaid or offered and
 * not lapsed at `now`; decision 0002) and the tickets let in at the door.
 */
export async function occupancy(
  db: Db,
  shop: { id: number; defaultLanguage: string },
  from: string,
  to: string,
  now: Date,
  language: string,
): Promise<OccupancyRow[]> {
  const at = now.toISOString();
  const rows = await rowsOf<PlotFigures>(
    db,
    sql`
      SELECT p.id AS plot_id, p.product_id, pr.title, to_char(p.date, 'YYYY-MM-DD') AS date,
        to_char(p.start_time, 'HH24:MI') AS start_time, to_char(p.end_time, 'HH24:MI') AS end_time,
        p.capacity, p.closed_at IS NOT NULL AS closed,
        (SELECT sum(h.quantity) FROM capacity_holds h WHERE h.plot_id = p.id AND h.status = 'PAID') AS sold,
        (SELECT sum(h.quantity) FROM capacity_holds h WHERE h.plot_id = p.id
          AND h.status IN ('PENDING', 'RESERVED') AND h.expires_at > ${at}::timestamptz) AS reserved,
        (SELECT count(*) FROM order_lines ol
          JOIN tickets t ON t.order_line_id = ol.id
          JOIN admissions a ON a.ticket_id = t.id AND a.undone_at IS NULL AND a.duplicate_of IS NULL
          WHERE ol.plot_id = p.id) AS admitted
      FROM plots p
      JOIN products pr ON pr.id = p.product_id
      WHERE pr.organisation_id = ${shop.id} AND p.date BETWEEN ${from}::date AND ${to}::date
      ORDER BY p.date, p.start_time NULLS FIRST, pr.sort, pr.id
    `,
  );
  return rows.map((row) => {
    const sold = int(row.sold);
    const reserved = int(row.reserved);
    return {
      plot_id: Number(row.plot_id),
      product_id: Number(row.product_id),
      product: pickText(row.title, language, shop.defaultLanguage),
      date: row.date,
      start_time: row.start_time,
      end_time: row.end_time,
      capacity: row.capacity === null ? null : Number(row.capacity),
      sold,
      reserved,
      admitted: int(row.admitted),
      free: row.capacity === null ? null : Math.max(0, Number(row.capacity) - sold - reserved),
      closed: Boolean(row.closed),
    };
  });
}
