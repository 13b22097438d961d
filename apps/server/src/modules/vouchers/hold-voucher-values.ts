import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderLines, voucherValues } from '../../db/schema.ts';
import { takenVoucherCodes } from '../catalog/voucher-value-availability.ts';
import type { SeatOptions } from '../../engine/booking/take-seats.ts';
import { voucherOrderErrors } from './voucher-order-errors.ts';

/**
 * Locks the voucher values in id order, then counts what is taken of each.
 * FOR NO KEY UPDATE, as for plots (decisions 0011, 0180): the booking's
 * order lines reference the values, and their foreign-key checks hold KEY
 * SHARE locks on these rows, which FOR UPDATE would wait for — two bookings
 * each holding one and asking for the other's deadlock. NO KEY UPDATE is
 * still exclusive between bookings, which is all the lock is for. `lock`
 * false (test-only) takes no lock: the race test's negative control.
 */
async function lockAndCount(tx: Tx, valueIds: readonly number[], now: Date, lock = true) {
  const ids = [...new Set(valueIds)].sort((a, b) => a - b);
  if (lock) {
    await tx
      .select({ id: voucherValues.id })
      .from(voucherValues)
      .where(inArray(voucherValues.id, ids))
      .orderBy(asc(voucherValues.id))
      .for('no key update');
  }
  // After the lock, in a statement of its own: it sees every order committed before.
  return tx
    .select({ id: voucherValues.id, availability: voucherValues.availability, taken: takenVoucherCodes(now) })
    .from(voucherValues)
    .where(inArray(voucherValues.id, ids));
}

/**
 * The voucher order's stock check, last in its booking transaction (the
 * kind's `hold`, decision 0110): the ordered values' rows are locked in id
 * order, then one fresh statement counts the codes taken — this order's
 * lines included, as they are written already — so two orders for the last
 * codes of a value take turns and the second finds them gone (409
 * VOUCHER_SOLD_OUT, rolling its booking back). Values without a limit are
 * not locked. `labels` names each value for error_info. Of the seat
 * check's options only the test switches apply: lockPlots false takes no
 * lock, delayAfterCheckMs waits before the commit.
 */
export async function holdVoucherValues(
  tx: Tx,
  limited: readonly { id: number; label: string }[],
  now: Date,
  options: SeatOptions = {},
): Promise<void> {
  if (limited.length === 0) return;
  const counted = await lockAndCount(
    tx,
    limited.map((value) => value.id),
    now,
    options.lockPlots !== false,
  );
  const short = counted.find((value) => value.availability !== null && value.taken > value.availability);
  if (short) throw voucherOrderErrors.soldOut(limited.find((value) => value.id === short.id)?.label ?? '');
  if (options.delayAfterCheckMs)
    await new Promise((resolve) => setTimeout(resolve, options.delayAfterCheckMs));
}

/**
 * The same check for a payment that settles an order (confirmPaidOrder):
 * its voucher values are locked and counted again. While its hold lasts
 * the order's own codes are among those counted; after it lapsed (swept or
 * not) they are not, and the order gets them only if they are still free.
 * False when a limited value has not enough left: the payment is refunded.
 */
export async function confirmVoucherValues(
  tx: Tx,
  order: { id: number; status: string; expiresAt: Date | null },
  now: Date,
): Promise<boolean> {
  const own = await tx
    .select({ id: orderLines.voucherValueId, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(voucherValues, eq(voucherValues.id, orderLines.voucherValueId))
    .where(
      and(
        eq(orderLines.orderId, order.id),
        eq(orderLines.kind, 'VOUCHER_VALUE'),
        isNotNull(voucherValues.availability),
      ),
    );
  if (own.length === 0) return true;
  const ownCounted =
    (order.status === 'PENDING' || order.status === 'RESERVED') &&
    order.expiresAt !== null &&
    order.expiresAt > now;
  const counted = await lockAndCount(
    tx,
    own.map((line) => line.id!),
    now,
  );
  return counted.every((value) => {
    const mine = own.filter((line) => line.id === value.id).reduce((sum, line) => sum + line.quantity, 0);
    const others = value.taken - (ownCounted ? mine : 0);
    return value.availability === null || others + mine <= value.availability;
  });
}
