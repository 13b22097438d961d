import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, reservations } from '../../db/schema.ts';
import { releaseHolds } from '../booking/active-holds.ts';
import { lockOrder } from '../booking/move-booking.ts';
import { rebookCreditCents, stillHeld } from '../booking/replaced-booking.ts';
import type { OrderRow } from './find-order.ts';

/** The booking a payment's order rebooks, locked for the settlement. */
interface RebookTarget {
  oldOrderId: number;
  /** Still held as it was when the rebooking was priced: the payment may move it. */
  movable: boolean;
}

/** Whether the order was booked as a reservation (it has a reservation link). */
async function bookedAsReservation(tx: Tx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(eq(reservations.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/**
 * Called by settle-payment with the paid order's rebook columns (set once,
 * at insert, so read before its lock) before it locks that order: when it
 * rebooks another, the other's row is locked first — the order every
 * rebooking path takes its locks in (see lockOrder), so a payment and a new
 * rebooking of the same booking never deadlock. The booking can still be
 * moved when it is PAID or an unexpired RESERVED, and was not paid since a
 * rebooking priced with no credit (a reservation's) was started.
 * A reservation booked in place of a reservation moved the old one when it
 * was booked (decision 0040): its payment has nothing left to move, and
 * pays for the order's own seats like any reservation's.
 */
export async function lockRebookTarget(
  tx: Tx,
  row: { orderId: number; rebookOf: number | null; credit: number },
  now: Date,
): Promise<RebookTarget | null> {
  if (!row.rebookOf) return null;
  const old = await lockOrder(tx, row.rebookOf);
  if (await bookedAsReservation(tx, row.orderId)) return null;
  const paidSince = old !== undefined && row.credit === 0 && rebookCreditCents(old) > 0;
  return { oldOrderId: row.rebookOf, movable: stillHeld(old, now) && !paidSince };
}

/**
 * Whether a payment arrived for a booking that no longer stands (decision
 * 0040): an order a rebooking replaced (REBOOKED) or withdrew (CANCELLED),
 * or a rebooking whose booking was moved by another one meanwhile. A
 * rebooking in that state is marked REFUND_REQUIRED and its seats freed;
 * the caller flags the payment.
 */
export async function rebookingGone(tx: Tx, order: OrderRow, target: RebookTarget | null): Promise<boolean> {
  if (order.status === 'REBOOKED' || order.status === 'CANCELLED') return true;
  if (!target || target.movable) return false;
  await releaseHolds(tx, [order.id]);
  await tx.update(orders).set({ status: 'REFUND_REQUIRED', expiresAt: null }).where(eq(orders.id, order.id));
  return true;
}
