import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Adds (sign 1) or takes away (sign -1) the admissions `where` picks (a: the
 * admission, t: its ticket, o: the ticket's order) from their plots' counts
 * of tickets let in, in the caller's transaction (decision 0271). What is
 * counted is what the no-shows report counts: admissions of tickets not
 * cancelled, of orders that are paid or on invoice. One INSERT … ON
 * CONFLICT DO UPDATE that adds to the row, so concurrent scans of one slot
 * all count (each waits for the other's row lock and adds to its value).
 *
 * `readModifyWrite` is the race test's negative control only: it reads the
 * count, waits a moment and writes it back plus the change, as a naive
 * implementation would, so concurrent scans overwrite each other.
 */
export async function addPlotAdmissions(
  tx: Tx | Db,
  sign: 1 | -1,
  where: SQL,
  options: { readModifyWrite?: boolean } = {},
): Promise<void> {
  const counted = sql`
    SELECT ol.plot_id, (${sign}::integer * count(*))::integer AS admitted
    FROM admissions a
    JOIN tickets t ON t.id = a.ticket_id
    JOIN orders o ON o.id = t.order_id
    JOIN order_lines ol ON ol.id = t.order_line_id
    WHERE ${where} AND ol.plot_id IS NOT NULL AND t.cancelled_at IS NULL AND o.status IN ('PAID', 'INVOICED')
    GROUP BY ol.plot_id`;
  if (options.readModifyWrite) {
    const changes = (await tx.execute(counted)) as unknown as {
      rows: { plot_id: number; admitted: number }[];
    };
    for (const change of changes.rows) {
      const found = (await tx.execute(
        sql`SELECT admitted FROM plot_admissions WHERE plot_id = ${change.plot_id}`,
      )) as unknown as { rows: { admitted: number }[] };
      // The window a naive read-then-write leaves open to another scan.
      await tx.execute(sql`SELECT pg_sleep(0.02)`);
      const next = (found.rows[0]?.admitted ?? 0) + Number(change.admitted);
      await tx.execute(sql`INSERT INTO plot_admissions (plot_id, admitted) VALUES (${change.plot_id}, ${next})
        ON CONFLICT (plot_id) DO UPDATE SET admitted = excluded.admitted`);
    }
    return;
  }
  await tx.execute(sql`
    INSERT INTO plot_admissions (plot_id, admitted)
    SELECT * FROM (${counted}) AS c ORDER BY c.plot_id
    ON CONFLICT (plot_id) DO UPDATE SET admitted = plot_admissions.admitted + excluded.admitted`);
}

/** The standing admissions (not undone, not a duplicate) `where` picks. */
export const standing = (where: SQL): SQL => sql`${where} AND a.undone_at IS NULL AND a.duplicate_of IS NULL`;

/**
 * Counts a shop's plots again from its admissions, in the caller's
 * transaction: for admissions written in bulk (a benchmark's, a database
 * from before the count).
 */
export async function rebuildPlotAdmissions(tx: Tx | Db, organisationId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM plot_admissions WHERE plot_id IN
    (SELECT p.id FROM plots p JOIN products pr ON pr.id = p.product_id WHERE pr.organisation_id = ${organisationId})`);
  await addPlotAdmissions(tx, 1, standing(sql`a.organisation_id = ${organisationId}`));
}
