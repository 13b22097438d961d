import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { capacityHolds, plots } from '../../db/schema.ts';
import { activeHold, heldSeats } from '../availability/active-holds.ts';
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
  /** Default true. false reads the plots without FOR UPDATE: the negative control. */
  lockPlots?: boolean;
  /** Milliseconds to wait between the capacity check and the insert, to widen a race window. */
  delayAfterCheckMs?: number;
}

/**
 * Checks, inside the booking transaction, that every plot still has room
 * (capacity − active holds ≥ seats, and fewer than max_orders orders) and
 * throws 409 NOT_ENOUGH_CAPACITY otherwise. The plots are locked (FOR NO KEY UPDATE)
 * in ascending id order first, so two orders on the same plots queue instead
 * of both reading the same free seats, and never deadlock. Under READ
 * COMMITTED the hold count that follows the lock sees every hold committed
 * before it, which is what makes overselling impossible.
 */
export async function checkSeats(tx: Tx, requests: readonly SeatRequest[], now: Date, options: SeatOptions = {}): Promise<void> {
  const plotIds = [...new Set(requests.map((request) => request.plotId))].sort((a, b) => a - b);
  if (plotIds.length === 0) return;
  const plotQuery = tx
    .select({ id: plots.id, capacity: plots.capacity, maxOrders: plots.maxOrders })
    .from(plots)
    .where(inArray(plots.id, plotIds))
    .orderBy(asc(plots.id));
  // NO KEY UPDATE, not UPDATE: the order's lines and holds reference plots,
  // and those foreign-key checks take KEY SHARE locks on the plot rows, which
  // FOR UPDATE conflicts with (two bookers would deadlock). NO KEY UPDATE is
  // still exclusive between bookers, which is all the lock is for.
  const locked = options.lockPlots === false ? await plotQuery : await plotQuery.for('no key update');
  const held = await tx
    .select({
      plotId: capacityHolds.plotId,
      seats: heldSeats,
      orders: sql<number>`count(distinct ${capacityHolds.orderId})::int`,
    })
    .from(capacityHolds)
    .where(and(inArray(capacityHolds.plotId, plotIds), activeHold(now)))
    .groupBy(capacityHolds.plotId);
  const heldByPlot = new Map(held.map((row) => [row.plotId, row]));
  const plotById = new Map(locked.map((plot) => [plot.id, plot]));
  const needed = new Map<number, SeatRequest>();
  for (const request of requests) {
    const previous = needed.get(request.plotId);
    needed.set(request.plotId, previous ? { ...previous, seats: previous.seats + request.seats } : request);
  }
  for (const request of needed.values()) {
    const plot = plotById.get(request.plotId);
    const taken = heldByPlot.get(request.plotId);
    if (!plot) throw orderErrors.notEnoughCapacity(request.label);
    if (plot.maxOrders !== null && (taken?.orders ?? 0) >= plot.maxOrders) throw orderErrors.notEnoughCapacity(request.label);
    if (!request.limited || plot.capacity === null) continue;
    const left = plot.capacity - (taken?.seats ?? 0);
    if (left < request.seats) throw orderErrors.notEnoughCapacity(`${request.label}: ${Math.max(left, 0)} left`);
  }
  if (options.delayAfterCheckMs) await new Promise((resolve) => setTimeout(resolve, options.delayAfterCheckMs));
}
