import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, reservations } from '../../db/schema.ts';
import { reservationErrors } from './reservation-errors.ts';

export type OrderRow = typeof orders.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export interface FoundReservation {
  reservation: ReservationRow;
  order: OrderRow;
}

/**
 * A reservation and its order by the reservation's public hash; 404
 * RESERVATION_NOT_FOUND when none. `lock` takes the order's row lock (inside
 * a transaction), so an edit waits for a settling payment or the sweeper
 * and then sees what they wrote.
 */
export async function findReservation(
  db: Db | Tx,
  hash: string,
  options: { lock?: boolean } = {},
): Promise<FoundReservation> {
  const query = db
    .select({ reservation: reservations, order: orders })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.hash, hash))
    .limit(1);
  const [row] = await (options.lock ? query.for('update', { of: orders }) : query);
  if (!row) throw reservationErrors.notFound();
  return row;
}

/** The reservation still holds: reserved, unpaid and not expired (the sweeper may not have run yet). */
export function isHolding(order: OrderRow, now: Date): boolean {
  return order.status === 'RESERVED' && order.expiresAt !== null && order.expiresAt > now;
}

/** Edits and coupon changes need a holding reservation: 409 RESERVATION_CLOSED otherwise. */
export function assertHolding(order: OrderRow, now: Date): void {
  if (!isHolding(order, now)) {
    const status = order.status === 'RESERVED' ? 'EXPIRED' : order.status;
    throw reservationErrors.closed(status);
  }
}
