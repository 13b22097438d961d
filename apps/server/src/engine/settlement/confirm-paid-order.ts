import type { Tx } from '../../db/client.ts';
import { releaseHolds } from '../booking/active-holds.ts';
import { giveBackDiscounts } from '../expiry/give-back-discounts.ts';
import type { OrderKindSteps } from '../order-kind.ts';
import type { OrderRow } from './find-order.ts';
import { respendDiscounts } from './respend-discounts.ts';

/** Thrown inside the savepoint to undo a confirmation that cannot be completed. */
class NotConfirmed extends Error {}

/**
 * Makes a paid order's booking whole again, inside the settlement's
 * transaction with the order row locked: an order the sweeper expired
 * (which gave its discounts back) spends its voucher credit, coupon use and
 * subscription redemptions again, then its kind confirms its stock (a
 * product order's seats, a voucher order's limited values). All of it
 * runs in a savepoint, so when any part is gone (credit spent elsewhere,
 * coupon used up, seats taken) none of it stays: the order takes no seats,
 * and an order that still held its discounts (PENDING or RESERVED) gives
 * them back, as it will never be used. False then: the caller marks the
 * order and the payment REFUND_REQUIRED.
 */
export async function confirmPaidOrder(
  tx: Tx,
  order: OrderRow,
  kind: OrderKindSteps,
  now: Date,
): Promise<boolean> {
  const holdsDiscounts = order.status === 'PENDING' || order.status === 'RESERVED';
  try {
    await tx.transaction(async (savepoint) => {
      if (!holdsDiscounts && !(await respendDiscounts(savepoint, order))) throw new NotConfirmed();
      if (kind.confirmStock && !(await kind.confirmStock(savepoint, order, now))) throw new NotConfirmed();
    });
    return true;
  } catch (error) {
    if (!(error instanceof NotConfirmed)) throw error;
    await releaseHolds(tx, [order.id]);
    if (holdsDiscounts) await giveBackDiscounts(tx, [order.id]);
    return false;
  }
}
