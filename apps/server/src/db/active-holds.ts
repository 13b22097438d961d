import { and, eq, gt, inArray, or, type SQL } from 'drizzle-orm';
import { capacityHolds } from './schema.ts';

/**
 * The one definition of a hold that takes seats (decision 0002): PAID, or
 * PENDING/RESERVED whose expiry is still ahead of `now`. Every availability
 * read and every booking check uses this, so an expired hold frees its seats
 * the moment it expires, whether or not a sweeper has run. `now` is an
 * instant, or SQL naming one (the seat function's parameter, decision 0277).
 * Here in the base layer so the seat function made by the migration run
 * uses it too; the engine imports it from engine/booking/active-holds.ts.
 */
export function activeHold(now: Date | SQL): SQL {
  return or(
    eq(capacityHolds.status, 'PAID'),
    and(inArray(capacityHolds.status, ['PENDING', 'RESERVED']), gt(capacityHolds.expiresAt, now)),
  )!;
}
