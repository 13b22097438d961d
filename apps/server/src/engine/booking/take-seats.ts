import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { commitInScript } from '../../db/script-commit.ts';
import type { HoldStatus } from '../../db/schema.ts';
import { countAndHold, lockPlots, SEAT_FUNCTION, SEAT_SHORTAGE } from '../../db/seat-check.ts';
import { AppError } from '../../lib/errors.ts';
import { orderErrors } from '../placement/order-errors.ts';

/** Seats an order needs on one plot. */
export interface SeatRequest {
  plotId: number;
  seats: number;
  /** False for products without a capacity limit (capacity type NONE). */
  limited: boolean;
  /** Names the product and date in error_info. */
  label: string;
}

/**
 * Switches of the seat check: lockPlots and delayAfterCheckMs are test-only
 * (they let the concurrency test show the race the lock prevents); a new
 * booking sets abortOnShortage and commitWithCheck.
 */
export interface SeatOptions {
  /** Default true. false reads no lock at all: the negative control. */
  lockPlots?: boolean;
  /**
   * Milliseconds to wait after the holds are written and before the commit:
   * without the lock, every booking that starts meanwhile counts the holds
   * without this one, so the race window is wide and the race deterministic.
   */
  delayAfterCheckMs?: number;
  /**
   * The caller rolls back on NOT_ENOUGH_CAPACITY (a new booking does): lock,
   * count and insert then run in one round trip, and a shortage aborts the
   * transaction. Without it the transaction stays usable after a shortage
   * (confirmSeats goes on to record a refund), at one round trip more.
   */
  abortOnShortage?: boolean;
  /**
   * The seat check is the last statement of a transaction opened by
   * transactionCommittable (a new booking's): on node-postgres it commits in
   * the same round trip, so the plot lock is released inside PostgreSQL
   * instead of one more round trip later, and no empty transaction is left
   * for a COMMIT of its own (db/script-commit.ts, decision 0277); the round
   * trip ends after the WAL flush (decision 0278). Nothing may be written
   * after it. Needs abortOnShortage.
   */
  commitWithCheck?: boolean;
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

const dialect = new PgDialect();

/** The codes a refused seat check answers with. */
const SHORTAGE_CODES = new Set(['NOT_ENOUGH_CAPACITY', 'PLOT_MAX_ORDERS_REACHED']);

/** An integer written into SQL text: only ever a number this server produced. */
function int(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return sql.raw(String(value));
}

function intArray(values: readonly number[]): SQL {
  return sql`ARRAY[${sql.join(values.map(int), sql`, `)}]::int[]`;
}

/** The check's values, written into its text: integers, booleans, a hold status and instants of this server's own. */
function checkInput(needed: readonly SeatRequest[], heldBy: HeldBy, now: Date) {
  const limited = needed.map((request) => sql.raw(request.limited ? 'true' : 'false'));
  return {
    plotIds: intArray(needed.map((request) => request.plotId)),
    seats: intArray(needed.map((request) => request.seats)),
    limited: sql`ARRAY[${sql.join(limited, sql`, `)}]::boolean[]`,
    orderId: int(heldBy.orderId),
    status: sql`${heldBy.status}`,
    expiresAt: sql`${heldBy.expiresAt ? heldBy.expiresAt.toISOString() : null}::timestamptz`,
    now,
  };
}

/**
 * The whole check as one call of the seat function (db/seat-check.ts, made
 * by the migration run): lock, count-and-insert as a new statement (under
 * READ COMMITTED it sees every hold committed before the lock was granted),
 * and SQLSTATE KS409 on a shortage, in one round trip, planned once per
 * connection (decision 0277). Every value is written into the text, so the
 * caller may send a COMMIT with it in the same script: each is an integer,
 * a boolean, a hold status or a timestamp of this server's own (never text
 * from a request), inlined by drizzle's escaping.
 */
function seatCall(needed: readonly SeatRequest[], heldBy: HeldBy, now: Date, lock: boolean): string {
  const input = checkInput(needed, heldBy, now);
  const call = sql`SELECT ${sql.raw(SEAT_FUNCTION)}(${input.plotIds}, ${input.seats}, ${input.limited}, ${input.orderId},
    ${input.status}, ${input.expiresAt}, ${now.toISOString()}::timestamptz, ${sql.raw(lock ? 'true' : 'false')})`.inlineParams();
  // One line: PostgreSQL logs the statement with a refusal's error (SQLSTATE KS409).
  return dialect.sqlToQuery(call).sql.replace(/\s+/g, ' ').trim();
}

/** A plot the seat check refused: its seats left, and whether max_orders refused it. */
interface Shortage {
  plot_id: number;
  seats_left: number;
  orders_full: boolean;
}

/** The shortage a seat block raised (plot id, seats left, orders full), if that is what failed. */
function shortageOf(error: unknown): Shortage | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, detail } = cause as Error & { code?: string; detail?: string };
    if (code === SEAT_SHORTAGE && detail) {
      const [plotId, seatsLeft, ordersFull] = detail.split(' ');
      return { plot_id: Number(plotId), seats_left: Number(seatsLeft), orders_full: ordersFull === 'true' };
    }
  }
  return undefined;
}

/**
 * The refusal, naming the product and date: a plot at its max_orders takes
 * no more bookings whatever seats it has left, so it says that rather than
 * a count of places no one can book.
 */
function shortageError(needed: readonly SeatRequest[], short: Shortage): AppError {
  const request = needed.find((candidate) => candidate.plotId === Number(short.plot_id));
  const label = request?.label ?? `Plot ${short.plot_id}`;
  if (short.orders_full) return orderErrors.maxOrdersReached(`${label}: takes no more bookings`);
  return orderErrors.notEnoughCapacity(`${label}: ${Number(short.seats_left)} left`);
}

/** Whether `error` is the seat check's refusal (no room, or no more bookings on a plot). */
export function isSeatShortage(error: unknown): boolean {
  return error instanceof AppError && SHORTAGE_CODES.has(error.code);
}

/**
 * Takes the seats inside the booking transaction, or throws 409
 * NOT_ENOUGH_CAPACITY (or PLOT_MAX_ORDERS_REACHED) naming the product and date.
 *
 * First the plots are locked in ascending id order (so bookers of the same
 * plots queue instead of reading the same free seats, and never deadlock),
 * with FOR NO KEY UPDATE: the order's lines reference plots, and their
 * foreign-key checks hold KEY SHARE locks that FOR UPDATE would conflict with.
 * Then one statement counts the active holds and inserts the new ones only if
 * every plot has room. Being a new statement under READ COMMITTED, it sees
 * every hold committed before the lock was granted; that is what makes
 * overselling impossible.
 *
 * Every booking of a plot queues on its lock, so the time the lock is held
 * bounds a hot slot's orders per second (decision 0011). With
 * abortOnShortage both statements run in one call of the seat function
 * (PL/pgSQL, planned once per connection), so the locked section is that
 * call and the commit, with no round trip to this process
 * between lock and holds; otherwise lock, count-and-insert and commit are
 * three round trips. With commitWithCheck the COMMIT goes in the same round
 * trip too, and the lock is held only while PostgreSQL runs the block and
 * writes the commit record: the booking commits without waiting for the WAL
 * flush, which the same round trip waits for after the lock is gone
 * (db/script-commit.ts, decision 0278).
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
  const lock = options.lockPlots !== false;
  if (options.abortOnShortage) {
    const block = seatCall(needed, heldBy, now, lock);
    // A failing block stops the script: the COMMIT never runs and the caller rolls back.
    const commit = options.commitWithCheck && !options.delayAfterCheckMs;
    try {
      if (commit) await commitInScript(tx, block);
      else await tx.execute(sql.raw(block));
    } catch (error) {
      const short = shortageOf(error);
      if (short) throw shortageError(needed, short);
      throw error;
    }
  } else {
    const input = checkInput(needed, heldBy, now);
    if (lock) await tx.execute(lockPlots(input.plotIds, 'SELECT'));
    const result = await tx.execute(sql`${countAndHold(input)}
    SELECT short.plot_id, short.seats_left, short.orders_full FROM short ORDER BY short.plot_id`);
    const short = (result as unknown as { rows: Shortage[] }).rows[0];
    if (short) throw shortageError(needed, short);
  }
  if (options.delayAfterCheckMs)
    await new Promise((resolve) => setTimeout(resolve, options.delayAfterCheckMs));
}
