import { asc, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { voucherValues } from '../../db/schema.ts';
import { takenVoucherCodes } from '../catalog/voucher-value-availability.ts';
import { voucherOrderErrors } from './voucher-order-errors.ts';

/**
 * The voucher order's stock check, last in its booking transaction (the
 * kind's `hold`, decision 0110): the ordered values' rows are locked in id
 * order, then one fresh statement counts the codes taken — this order's
 * lines included, as they are written already — so two orders for the last
 * codes of a value take turns and the second finds them gone (409
 * VOUCHER_SOLD_OUT, rolling its booking back). Values without a limit are
 * not locked. `labels` names each value for error_info.
 */
export async function holdVoucherValues(
  tx: Tx,
  limited: readonly { id: number; label: string }[],
  now: Date,
): Promise<void> {
  if (limited.length === 0) return;
  const ids = [...new Set(limited.map((value) => value.id))].sort((a, b) => a - b);
  await tx
    .select({ id: voucherValues.id })
    .from(voucherValues)
    .where(inArray(voucherValues.id, ids))
    .orderBy(asc(voucherValues.id))
    .for('update');
  // After the lock, in a statement of its own: it sees every order committed before.
  const counted = await tx
    .select({ id: voucherValues.id, availability: voucherValues.availability, taken: takenVoucherCodes(now) })
    .from(voucherValues)
    .where(inArray(voucherValues.id, ids));
  const short = counted.find((value) => value.availability !== null && value.taken > value.availability);
  if (short) throw voucherOrderErrors.soldOut(limited.find((value) => value.id === short.id)?.label ?? '');
}
