import { and, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { capacityHolds } from '../../db/schema.ts';

/**
 * The one definition of a hold that takes seats (decision 0002): PAID, or
 * PENDING/RESERVED whose expiry is still ahead of `now`. Every availability
 * read and every booking check uses this, so an expired hold frees its seats
 * the moment it expires, whether or not a sweeper has run.
 */
export function activeHold(now: Date): SQL {
  return or(
    eq(capacityHolds.status, 'PAID'),
    and(inArray(capacityHolds.status, ['PENDING', 'RESERVED']), gt(capacityHolds.expiresAt, now)),
  )!;
}

/** Seats held on a plot: sum(quantity) of active holds, 0 when none. */
export const heldSeats = sql<number>`coalesce(sum(${capacityHolds.quantity}), 0)::int`;

/** Releases every hold of the orders: their seats are free at once. */
export async function releaseHolds(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(capacityHolds)
    .set({ status: 'RELEASED' })
    .where(and(inArray(capacityHolds.orderId, [...orderIds]), ne(capacityHolds.status, 'RELEASED')));
}
