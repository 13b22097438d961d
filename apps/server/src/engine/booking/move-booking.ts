import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments, rebookingSecrets } from '../../db/schema.ts';
import { releaseHolds } from './active-holds.ts';
import { removeOrderFromPlotTallies } from '../door/plot-tallies.ts';
import type { OrderRow } from '../settlement/find-order.ts';
import { rebookNotAllowed, stillHeld } from './replaced-booking.ts';

/** What a new order that rebooks another carries (decision 0040). */
export interface RebookLink {
  oldOrderId: number;
  /** The old order's status when the rebooking was priced: a reservation paid since is credited differently. */
  oldStatus: 'PAID' | 'RESERVED';
  /** The old order's value credited against the new one. */
  creditCents: number;
  /** The new order holds at once (nothing to pay, or a reservation replacing a reservation): move now. */
  moveNow: boolean;
}

/**
 * Locks the rebooked order's row. Everyone who changes a rebooked order
 * takes this lock before any other (a new rebooking, the settlement of
 * one), so concurrent rebookings of one order take turns and never
 * deadlock with each other or with a payment.
 */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Cancels the payments still open on the orders. */
async function cancelOpenPayments(tx: Tx, orderIds: readonly number[], now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(and(inArray(payments.orderId, [...orderIds]), eq(payments.status, 'OPEN')));
}

/**
 * The move itself: the old order becomes REBOOKED, its seats are released,
 * any payment still open on it is cancelled and its secret is used up.
 */
export async function moveBooking(tx: Tx, oldOrderId: number, now: Date): Promise<void> {
  // Its tickets, and those let in, stop counting on their plots as the order stops being paid (decision 0271).
  await removeOrderFromPlotTallies(tx, oldOrderId);
  await tx.update(orders).set({ status: 'REBOOKED', expiresAt: null }).where(eq(orders.id, oldOrderId));
  await releaseHolds(tx, [oldOrderId]);
  await cancelOpenPayments(tx, [oldOrderId], now);
  await tx.update(rebookingSecrets).set({ usedAt: now }).where(eq(rebookingSecrets.orderId, oldOrderId));
}

/**
 * Withdraws earlier unpaid rebookings of the same order (decision 0040): a
 * visitor who starts again wants the new slot, so the earlier order's seats
 * are freed and its payment closed; a payment that still arrives for it
 * needs a refund.
 */
async function cancelEarlierRebookings(tx: Tx, oldOrderId: number, newOrderId: number, now: Date) {
  const cancelled = await tx
    .update(orders)
    .set({ status: 'CANCELLED', expiresAt: null })
    .where(
      and(
        eq(orders.rebookOfOrderId, oldOrderId),
        inArray(orders.status, ['PENDING', 'EXPIRED']),
        ne(orders.id, newOrderId),
      ),
    )
    .returning({ id: orders.id });
  const ids = cancelled.map((row) => row.id);
  if (ids.length === 0) return;
  await releaseHolds(tx, ids);
  await cancelOpenPayments(tx, ids, now);
}

/**
 * The rebooking's part of the booking transaction, before the new seats
 * are taken: the old order is locked and checked again (a concurrent
 * rebooking may have moved it since the request was verified), earlier
 * unpaid rebookings are withdrawn, and when the new order holds at once the
 * old one is moved — its seats freed first, so a rebooking onto the same
 * plot never competes with itself.
 */
export async function startRebooking(tx: Tx, newOrderId: number, link: RebookLink, now: Date): Promise<void> {
  const old = await lockOrder(tx, link.oldOrderId);
  const [secret] = await tx
    .select({ usedAt: rebookingSecrets.usedAt })
    .from(rebookingSecrets)
    .where(eq(rebookingSecrets.orderId, link.oldOrderId));
  if (!stillHeld(old, now) || old?.status !== link.oldStatus || secret?.usedAt) throw rebookNotAllowed();
  await cancelEarlierRebookings(tx, link.oldOrderId, newOrderId, now);
  if (link.moveNow) await moveBooking(tx, link.oldOrderId, now);
}
