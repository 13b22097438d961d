import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

type Tally = 'tickets' | 'admitted';

/**
 * Adds `sign` × the rows `from` yields per plot (a select of plot_id and
 * n) to the plots' `tally`, in the caller's transaction: one INSERT … ON
 * CONFLICT DO UPDATE that adds to the row, so concurrent writers of one slot
 * all count (each waits for the other's row lock and adds to its committed
 * value). Rows are written in plot order, so two writers never wait on each
 * other crosswise.
 */
async function addToTally(
  tx: Tx | Db,
  tally: Tally,
  sign: 1 | -1,
  from: SQL,
  options: { readModifyWrite?: boolean },
): Promise<void> {
  const column = tally === 'tickets' ? sql`tickets` : sql`admitted`;
  const counted = sql`SELECT c.plot_id, (${sign}::integer * c.n)::integer AS n FROM (${from}) AS c`;
  if (options.readModifyWrite) return readModifyWrite(tx, column, counted);
  await tx.execute(sql`
    INSERT INTO plot_tallies (plot_id, tickets, admitted)
    SELECT c.plot_id, ${tally === 'tickets' ? sql`c.n` : sql`0`}, ${tally === 'admitted' ? sql`c.n` : sql`0`}
    FROM (${counted}) AS c ORDER BY c.plot_id
    ON CONFLICT (plot_id) DO UPDATE SET ${column} = plot_tallies.${column} + excluded.${column}`);
}

/**
 * The race test's negative control only: reads the count, waits a moment
 * and writes it back plus the change, as a naive implementation would, so
 * concurrent writers overwrite each other.
 */
async function readModifyWrite(tx: Tx | Db, column: SQL, counted: SQL): Promise<void> {
  const changes = (await tx.execute(counted)) as unknown as { rows: { plot_id: number; n: number }[] };
  for (const change of changes.rows) {
    const found = (await tx.execute(
      sql`SELECT ${column} AS n FROM plot_tallies WHERE plot_id = ${change.plot_id}`,
    )) as unknown as { rows: { n: number }[] };
    // The window a naive read-then-write leaves open to another writer.
    await tx.execute(sql`SELECT pg_sleep(0.02)`);
    const next = Number(found.rows[0]?.n ?? 0) + Number(change.n);
    await tx.execute(sql`INSERT INTO plot_tallies (plot_id, tickets, admitted) VALUES (${change.plot_id}, 0, 0)
      ON CONFLICT (plot_id) DO NOTHING`);
    await tx.execute(sql`UPDATE plot_tallies SET ${column} = ${next} WHERE plot_id = ${change.plot_id}`);
  }
}

/** What the no-shows report counts (decision 0271): tickets not cancelled, of orders paid or on invoice. */
const COUNTED = sql`ol.plot_id IS NOT NULL AND t.cancelled_at IS NULL AND o.status IN ('PAID', 'INVOICED')`;

/**
 * Adds (sign 1) or takes away (sign -1) the tickets `where` picks (t: the
 * ticket, o: its order, ol: its order line) from their plots' counts of
 * standing tickets, in the caller's transaction (decision 0271): when
 * tickets are issued, cancelled, or their order moved. Only tickets the
 * no-shows report counts are counted, so call it while they are: after
 * issuing, before cancelling or moving.
 */
export function addPlotTickets(tx: Tx | Db, sign: 1 | -1, where: SQL): Promise<void> {
  return addToTally(
    tx,
    'tickets',
    sign,
    sql`SELECT ol.plot_id, count(*) AS n
      FROM tickets t JOIN orders o ON o.id = t.order_id JOIN order_lines ol ON ol.id = t.order_line_id
      WHERE ${where} AND ${COUNTED}
      GROUP BY ol.plot_id`,
    {},
  );
}

/**
 * Adds (sign 1) or takes away (sign -1) the admissions `where` picks (a: the
 * admission, t: its ticket, o: the ticket's order, ol: its line) from their
 * plots' counts of tickets let in, in the caller's transaction (decision
 * 0271): when the door admits a ticket, when an admission is undone, when
 * a moved order's tickets stop counting.
 *
 * `readModifyWrite` is the race test's negative control only.
 */
export function addPlotAdmissions(
  tx: Tx | Db,
  sign: 1 | -1,
  where: SQL,
  options: { readModifyWrite?: boolean } = {},
): Promise<void> {
  return addToTally(
    tx,
    'admitted',
    sign,
    sql`SELECT ol.plot_id, count(*) AS n
      FROM admissions a JOIN tickets t ON t.id = a.ticket_id JOIN orders o ON o.id = t.order_id
        JOIN order_lines ol ON ol.id = t.order_line_id
      WHERE ${where} AND ${COUNTED}
      GROUP BY ol.plot_id`,
    options,
  );
}

/** The standing admissions (not undone, not a duplicate) `where` picks. */
export const standing = (where: SQL): SQL => sql`${where} AND a.undone_at IS NULL AND a.duplicate_of IS NULL`;

/**
 * Takes an order's counted tickets and their standing admissions off its
 * plots, before it stops being paid (a move, decision 0271).
 */
export async function removeOrderFromPlotTallies(tx: Tx, orderId: number): Promise<void> {
  await addPlotAdmissions(tx, -1, standing(sql`t.order_id = ${orderId}`));
  await addPlotTickets(tx, -1, sql`t.order_id = ${orderId}`);
}

/**
 * Counts a shop's plots again from its tickets and admissions, in the
 * caller's transaction: for rows written in bulk (a benchmark's, a
 * database from before the counts).
 */
export async function rebuildPlotTallies(tx: Tx | Db, organisationId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM plot_tallies WHERE plot_id IN
    (SELECT p.id FROM plots p JOIN products pr ON pr.id = p.product_id WHERE pr.organisation_id = ${organisationId})`);
  await addPlotTickets(tx, 1, sql`o.organisation_id = ${organisationId}`);
  await addPlotAdmissions(tx, 1, standing(sql`a.organisation_id = ${organisationId}`));
}
