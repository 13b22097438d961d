import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { capacityHolds } from '../../db/schema.ts';

// The one definition of an active hold (decision 0002) lives with the schema, so the seat
// function the migration run makes uses it too (decision 0277).
export { activeHold } from '../../db/active-holds.ts';

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
