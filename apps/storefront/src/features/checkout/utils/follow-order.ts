import type { Payment } from '@kassa/domain/contract/orders';
import { handOffPayment, returnPath, type HandOffTarget } from './hand-off-payment';

/** What any order kind's answer tells the storefront to do next. */
export interface PlacedOrder {
  status: string;
  /** The order hash (the reservation hash for RESERVED); null when simulated. */
  hash: string | null;
  payment: Payment | null;
}

/**
 * After a successful submission of any kind (spec §4 Order submission): a
 * reservation goes to /reservation/{hash}; otherwise the payment hand-off,
 * or the return page when there is no transaction or the hand-off cannot
 * follow the answer.
 */
export function followOrder(order: PlacedOrder, target: HandOffTarget): void {
  if (order.status === 'RESERVED' && order.hash) {
    target.navigate(`/reservation/${encodeURIComponent(order.hash)}`);
    return;
  }
  const handed = order.payment ? handOffPayment(order.payment, target) : 'unsupported';
  if (handed === 'unsupported' && order.hash) target.navigate(returnPath(order.hash));
}
