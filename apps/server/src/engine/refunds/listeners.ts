import type { Db, Tx } from '../../db/client.ts';

/** What a cancellation did, as the listeners are told it. */
export interface ItemsCancelledEvent {
  organisationId: number;
  orderId: number;
  /** The refunds row of the cancellation (every cancellation writes one, even with method none). */
  refundId: number | null;
  /** Per cancelled line: the units cancelled now and their share of what was paid (decision 0235). */
  lines: { orderLineId: number; quantity: number; grossCents: number }[];
  issuedAt: Date;
}

/** Runs INSIDE the cancelling transaction: a throw rolls the cancellation back. */
export type ItemsCancelledListener = (tx: Tx, event: ItemsCancelledEvent) => Promise<void>;

/** Runs after the cancellation committed (e.g. offering the freed places): a throw is logged, nothing undone. */
export type AfterItemsCancelledListener = (
  db: Db,
  event: ItemsCancelledEvent & { plotIds: number[] },
) => Promise<void>;

const inside: ItemsCancelledListener[] = [];
const after: AfterItemsCancelledListener[] = [];

/**
 * Registers a step of every cancellation, run in its transaction after the
 * refund row and the audit entry (a credit note). Registered once, where the
 * app is wired (src/wiring/); answers a function that removes it (tests).
 */
export function onItemsCancelled(listener: ItemsCancelledListener): () => void {
  inside.push(listener);
  return () => {
    const index = inside.indexOf(listener);
    if (index >= 0) inside.splice(index, 1);
  };
}

/** Registers a step run after a cancellation committed (places came free). */
export function afterItemsCancelled(listener: AfterItemsCancelledListener): () => void {
  after.push(listener);
  return () => {
    const index = after.indexOf(listener);
    if (index >= 0) after.splice(index, 1);
  };
}

export async function runInsideListeners(tx: Tx, event: ItemsCancelledEvent): Promise<void> {
  for (const listener of inside) await listener(tx, event);
}

export async function runAfterListeners(
  db: Db,
  event: ItemsCancelledEvent & { plotIds: number[] },
  onError: (error: unknown) => void,
): Promise<void> {
  for (const listener of after) {
    try {
      await listener(db, event);
    } catch (error) {
      onError(error);
    }
  }
}
