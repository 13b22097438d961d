import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plots, type HoldStatus } from '../../db/schema.ts';
import { executePrepared } from '../../lib/prepared.ts';
import { activeHold } from '../availability/active-holds.ts';
import { orderErrors } from './order-errors.ts';

/** Seats an order needs on one plot. */
export interface SeatRequest {
  plotId: number;
  seats: number;
  /** False for products without a capacity limit (capacity type NONE). */
  limited: boolean;
  /** Names the product and date in error_info. */
  label: string;
}

/** Test-only switches that let the concurrency test show the race the lock prevents. */
export interface SeatOptions {
  /** Default true. false reads no lock at all: the negative control. */
  lockPlots?: boolean;
  /**
   * Milliseconds to wait after the holds are written and before the commit:
   * without the lock, every booking that starts meanwhile counts the holds
   * without this one, so the race window is wide and the race deterministic.
   */
  delayAfterCheckMs?: number;
}

export interface HeldBy {
  orderId: number;
  status: Exclude<HoldStatus, 'RELEASED'>;
  expiresAt: Date | null;
}

/** Sums seats per plot: two cart items on one plot need room for both. */
function seatsPerPlot(requests: readonly SeatRequest[]): SeatRequest[] {
  const byPlot = new Map<number, SeatRequest>();
  for (const request of requests) {
    const previous = byPlot.get(request.plotId);
    byPlot.set(
      request.plotId,
      previous
        ? { ...previous, seats: previous.seats + request.seats, limited: previous.limited || request.limited }
        : request,
    );
  }
  return [...byPlot.values()].sort((a, b) => a.plotId - b.plotId);
}

/**
 * Takes the seats inside the booking transaction, or throws 409
 * NOT_ENOUGH_CAPACITY naming the product and date.
 *
 * First the plots are locked in ascending id order (so bookers of the same
 * plots queue instead of reading the same free seats, and never deadlock),
 * with FOR NO KEY UPDATE: the order's lines reference plots, and their
 * foreign-key checks hold KEY SHARE locks that FOR UPDATE would conflict with.
 * Then one statement counts the active holds and inserts the new ones only if
 * every plot has room (capacity − active holds ≥ seats, fewer orders than
 * max_orders). Being a new statement under READ COMMITTED, it sees every hold
 * committed before the lock was granted; that is what makes overselling
 * impossible, and one statement keeps the locked section to three round trips
 * (lock, count-and-insert, commit). Both are named prepared statements: the
 * count-and-insert is planned while the lock is held, so planning it once
 * per connection shortens the locked section.
 */
export async function takeSeats(
  tx: Tx,
  requests: readonly SeatRequest[],
  heldBy: HeldBy,
  now: Date,
  options: SeatOptions = {},
): Promise<void> {
  const needed = seatsPerPlot(requests);
  if (needed.length === 0) return;
  const plotIds = needed.map((request) => request.plotId);
  if (options.lockPlots !== false) {
    await executePrepared(
      tx,
      'take_seats_lock',
      sql`SELECT ${plots.id} FROM ${plots} WHERE ${plots.id} = ANY(${sql.param(plotIds)}::int[]) ORDER BY ${plots.id} FOR NO KEY UPDATE`,
    );
  }
  // Arrays, not a VALUES list: one SQL text for any number of plots, so it stays prepared.
  const seats = needed.map((request) => request.seats);
  const limited = needed.map((request) => request.limited);
  const expiresAt = heldBy.expiresAt ? heldBy.expiresAt.toISOString() : null;
  const rows = await executePrepared<{ plot_id: number; seats_left: number }>(
    tx,
    'take_seats_hold',
    sql`
    WITH need (plot_id, seats, limited) AS (
      SELECT * FROM unnest(${sql.param(plotIds)}::int[], ${sql.param(seats)}::int[], ${sql.param(limited)}::boolean[])
    ),
    held AS (
      SELECT capacity_holds.plot_id, sum(capacity_holds.quantity)::int AS seats, count(DISTINCT capacity_holds.order_id)::int AS orders
      FROM capacity_holds
      WHERE capacity_holds.plot_id IN (SELECT plot_id FROM need) AND ${activeHold(now)}
      GROUP BY capacity_holds.plot_id
    ),
    short AS (
      SELECT need.plot_id, greatest(coalesce(plots.capacity - coalesce(held.seats, 0), 0), 0)::int AS seats_left
      FROM need
      LEFT JOIN plots ON plots.id = need.plot_id
      LEFT JOIN held ON held.plot_id = need.plot_id
      WHERE plots.id IS NULL
        OR (plots.max_orders IS NOT NULL AND coalesce(held.orders, 0) >= plots.max_orders)
        OR (need.limited AND plots.capacity IS NOT NULL AND plots.capacity - coalesce(held.seats, 0) < need.seats)
    ),
    inserted AS (
      INSERT INTO capacity_holds (order_id, plot_id, quantity, status, expires_at)
      SELECT ${heldBy.orderId}::int, need.plot_id, need.seats, ${heldBy.status}, ${expiresAt}::timestamptz
      FROM need
      WHERE NOT EXISTS (SELECT 1 FROM short)
      RETURNING plot_id
    )
    SELECT short.plot_id, short.seats_left FROM short ORDER BY short.plot_id
  `,
  );
  const short = rows[0];
  if (short) {
    const request = needed.find((candidate) => candidate.plotId === Number(short.plot_id));
    throw orderErrors.notEnoughCapacity(
      `${request?.label ?? `Plot ${short.plot_id}`}: ${Number(short.seats_left)} left`,
    );
  }
  if (options.delayAfterCheckMs)
    await new Promise((resolve) => setTimeout(resolve, options.delayAfterCheckMs));
}
