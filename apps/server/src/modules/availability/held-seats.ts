import { and, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { capacityHolds, plots } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../../engine/booking/active-holds.ts';

/** What active holds take from one plot. */
export interface PlotHolds {
  /** Seats held by active holds. */
  seats: number;
  /** Distinct orders with an active hold, for max_orders. */
  orders: number;
}

const NO_HOLDS: PlotHolds = { seats: 0, orders: 0 };

/**
 * A lateral subquery with the active holds of the current `plots` row:
 * `seats` and `orders` (0 and 0 when none). Join it with
 * `.crossJoinLateral(...)` on a query over plots.
 *
 * Lateral on purpose: PostgreSQL then visits holds plot by plot through
 * capacity_holds_plot_idx; a plain join lets it scan every hold ever written
 * (paid holds are never deleted) and hash-join them to the plots.
 */
export function activeHoldsOfPlot(db: Db | Tx, now: Date, exceptEntryId?: number) {
  // The hold of the visitor's own waiting-list offer is theirs to book (decision 0261).
  const others =
    exceptEntryId === undefined
      ? undefined
      : or(isNull(capacityHolds.waitlistEntryId), ne(capacityHolds.waitlistEntryId, exceptEntryId));
  return db
    .select({
      seats: heldSeats.as('seats'),
      orders: sql<number>`count(distinct ${capacityHolds.orderId})::int`.as('orders'),
    })
    .from(capacityHolds)
    .where(and(eq(capacityHolds.plotId, plots.id), activeHold(now), others))
    .as('held');
}

/**
 * Active holds per plot for the plots matching `plotFilter` (a condition on
 * the plots table), in one query. Plots without active holds are absent from
 * the map: read them with `holdsOf`.
 */
export async function heldSeatsWhere(
  db: Db | Tx,
  plotFilter: SQL,
  now: Date,
): Promise<Map<number, PlotHolds>> {
  const held = activeHoldsOfPlot(db, now);
  const rows = await db
    .select({ plotId: plots.id, seats: held.seats, orders: held.orders })
    .from(plots)
    .crossJoinLateral(held)
    // Seats too: a waiting-list offer's hold has no order (decision 0252).
    .where(and(plotFilter, or(gt(held.orders, 0), gt(held.seats, 0))));
  return new Map(rows.map((row) => [row.plotId, { seats: row.seats, orders: row.orders }]));
}

/**
 * Active holds on the given plots. Pass a transaction handle to read inside
 * the booking transaction, after the plots are locked, so the count cannot
 * change before the new hold is written.
 */
export async function heldSeatsByPlot(
  db: Db | Tx,
  plotIds: readonly number[],
  now: Date,
): Promise<Map<number, PlotHolds>> {
  if (plotIds.length === 0) return new Map();
  return heldSeatsWhere(db, inArray(plots.id, [...plotIds]), now);
}

/** The holds of one plot from a map of `heldSeatsWhere`/`heldSeatsByPlot`. */
export function holdsOf(held: ReadonlyMap<number, PlotHolds>, plotId: number): PlotHolds {
  return held.get(plotId) ?? NO_HOLDS;
}
