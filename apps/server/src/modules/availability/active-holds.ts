import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { capacityHolds } from '../../db/schema.ts';

/**
 * The one definition of a hold that takes seats (ARCHITECTURE §2): PAID, or
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
