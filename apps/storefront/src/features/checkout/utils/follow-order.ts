import type { Payment } from '@kassa/domain/contract/orders';
import { pendingPaymentStore } from '@/lib/pending-payment-store';
import { handOffPayment, returnPath, type HandOffTarget } from './hand-off-payment';

/** What any order kind's answer tells the storefront to do next. */
export interface PlacedOrder {
  status: string;
  /** The order hash (the reservation hash for RESERVED); null when simulated. */
  hash: string | null;
  payment: Payment | null;
  /** When the order's hold on its seats ends, for an order waiting for its payment. */
  holdExpiresAt?: string | null;
}

/**
 * After a successful submission of any kind (docs/storefront.md §4.12): a
 * reservation goes to /reservation/{hash}; otherwise the payment hand-off,
 * or the return page when there is no transaction or the hand-off cannot
 * follow the answer. An order handed to a payment is remembered first
 * (pendingPaymentStore, decision 0146) with `snapshot`, the flow's state to
 * give back if the visitor comes Back from the payment page.
 */
export function followOrder(order: PlacedOrder, target: HandOffTarget, snapshot?: unknown): void {
  if (order.status === 'RESERVED' && order.hash) {
    target.navigate(`/reservation/${encodeURIComponent(order.hash)}`);
    return;
  }
  if (order.status === 'PENDING' && order.hash && order.payment && order.payment.transaction !== false) {
    pendingPaymentStore.set({
      hash: order.hash,
      holdExpiresAt: order.holdExpiresAt ?? null,
      from: `${window.location.pathname}${window.location.search}`,
      ...(snapshot === undefined ? {} : { snapshot }),
    });
  }
  const handed = order.payment ? handOffPayment(order.payment, target) : 'unsupported';
  if (handed === 'unsupported' && order.hash) target.navigate(returnPath(order.hash));
}
