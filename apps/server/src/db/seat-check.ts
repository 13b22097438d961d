import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { activeHold } from './active-holds.ts';
import { plots } from './schema.ts';

/**
 * The seat check's SQL (decisions 0002, 0011): one statement that counts
 * the active holds of the needed plots and writes the new holds only if
 * every plot has room. engine/booking/take-seats.ts runs it with its values
 * written in; the seat function below runs it with its parameters, planned
 * once per connection (decision 0277).
 */

/** SQLSTATE the seat function raises on a shortage (a class of our own). */
export const SEAT_SHORTAGE = 'KS409';

/** What the check needs, as SQL: arrays of plot ids, seats and limited flags; the new holds' values. */
export interface SeatCheckInput {
  plotIds: SQL;
  seats: SQL;
  limited: SQL;
  orderId: SQL;
  status: SQL;
  expiresAt: SQL;
  now: Date | SQL;
}

/**
 * Counts the active holds of the needed plots and inserts the new holds only
 * if every plot has room (capacity − active holds ≥ seats, fewer orders than
 * max_orders); CTE `short` holds the plots that are short, with their seats
 * left and whether it is max_orders that refuses (orders_full: the plot
 * takes no more bookings, however many seats it has left).
 * Orders are counted only for plots with max_orders: a distinct count sorts
 * every hold of the plot, inside the locked section. The seats held are
 * summed per needed plot (LATERAL): a GROUP BY over the plots sorted every
 * hold first (decision 0282). No `--` comments in here: the seat check may
 * be sent as one line.
 */
export function countAndHold(input: SeatCheckInput): SQL {
  const active = activeHold(input.now);
  const ordersFull = sql`(plots.max_orders IS NOT NULL AND (
          SELECT count(DISTINCT capacity_holds.order_id) FROM capacity_holds
          WHERE capacity_holds.plot_id = need.plot_id AND ${active}
        ) >= plots.max_orders)`;
  return sql`
    WITH need (plot_id, seats, limited) AS (
      SELECT * FROM unnest(${input.plotIds}, ${input.seats}, ${input.limited})
    ),
    short AS (
      SELECT need.plot_id, greatest(coalesce(plots.capacity - coalesce(held.seats, 0), 0), 0)::int AS seats_left,
        coalesce(${ordersFull}, false) AS orders_full
      FROM need
      LEFT JOIN plots ON plots.id = need.plot_id
      LEFT JOIN LATERAL (
        SELECT sum(capacity_holds.quantity)::int AS seats
        FROM capacity_holds
        WHERE capacity_holds.plot_id = need.plot_id AND ${active}
      ) held ON true
      WHERE plots.id IS NULL
        OR ${ordersFull}
        OR (need.limited AND plots.capacity IS NOT NULL AND plots.capacity - coalesce(held.seats, 0) < need.seats)
    ),
    inserted AS (
      INSERT INTO capacity_holds (order_id, plot_id, quantity, status, expires_at)
      SELECT ${input.orderId}, need.plot_id, need.seats, ${input.status}, ${input.expiresAt}
      FROM need
      WHERE NOT EXISTS (SELECT 1 FROM short)
      RETURNING plot_id
    )`;
}

/** Locks the needed plots in id order; `verb` is SELECT, or PERFORM inside PL/pgSQL. */
export function lockPlots(plotIds: SQL, verb: 'SELECT' | 'PERFORM'): SQL {
  return sql`${sql.raw(verb)} ${plots.id} FROM ${plots} WHERE ${plots.id} = ANY(${plotIds}) ORDER BY ${plots.id} FOR NO KEY UPDATE`;
}

/** The seat function's name; its arguments are ARGUMENTS, in order. */
export const SEAT_FUNCTION = 'kassa_take_seats';

const ARGUMENTS = [
  'plot_ids int[]',
  'seat_counts int[]',
  'limits boolean[]',
  'holder int',
  'hold_status text',
  'hold_expires timestamptz',
  'at timestamptz',
  'lock_plots boolean',
] as const;

/**
 * The whole check of a new booking as a PL/pgSQL function: the plot locks
 * (unless lock_plots is false: the race tests' negative control), then the
 * count-and-insert as a new statement, which under READ COMMITTED sees every
 * hold committed before the lock was granted, and SQLSTATE KS409 with the
 * first short plot (id, seats left, orders full) when one is short. A
 * function's statements are parsed once per connection, where a DO block is
 * parsed and planned on every call, inside the locked section. They are
 * also planned once (plan_cache_mode force_generic_plan, decision 0282):
 * left to choose, PostgreSQL planned the count-and-insert again on every
 * call, as its plan for any values is estimated dearer than one for the
 * values at hand; every plan of it counts a plot's holds through the plot
 * index (capacity_holds_plot_idx), whatever the values.
 * Made (again) after every migration run, like db/append-only.ts.
 */
export function seatFunctionStatements(): string[] {
  const parameter = (name: string) => sql.raw(name);
  const body = sql`
DECLARE
  first_short record;
BEGIN
  IF lock_plots THEN
    ${lockPlots(parameter('plot_ids'), 'PERFORM')};
  END IF;
  ${countAndHold({
    plotIds: parameter('plot_ids'),
    seats: parameter('seat_counts'),
    limited: parameter('limits'),
    orderId: parameter('holder'),
    status: parameter('hold_status'),
    expiresAt: parameter('hold_expires'),
    now: parameter('at'),
  })}
  SELECT short.plot_id, short.seats_left, short.orders_full INTO first_short FROM short ORDER BY short.plot_id LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'NOT_ENOUGH_CAPACITY' USING ERRCODE = '${sql.raw(SEAT_SHORTAGE)}', DETAIL = first_short.plot_id || ' ' || first_short.seats_left || ' ' || first_short.orders_full;
  END IF;
END`;
  // Every value in the body is a constant of this file (hold statuses): written in, not parameters.
  const text = new PgDialect().sqlToQuery(body.inlineParams()).sql;
  return [
    `CREATE OR REPLACE FUNCTION ${SEAT_FUNCTION}(${ARGUMENTS.join(', ')}) RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $seats$${text}$seats$`,
  ];
}
