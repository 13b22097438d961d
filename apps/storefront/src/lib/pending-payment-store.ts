/**
 * The order handed to a payment page and not yet back (decision 0146): its
 * hash (to cancel it when the visitor comes Back instead of paying), when
 * its hold on the seats ends (the header's countdown) and the checkout URL
 * it left from (a Back lands there). Kept in sessionStorage: it must survive
 * the round trip to the gateway's page, and not outlive the tab.
 */
import { createSessionStore } from './session-store';

export interface PendingPayment {
  /** The order's secret hash. */
  hash: string;
  /** When the hold ends (ISO 8601); null when the server named none. */
  holdExpiresAt: string | null;
  /** The checkout's path and search when the order was handed off. */
  from: string;
  /** The flow's own state when it was handed off (the product flow's cart, order and form), given back on Back. */
  snapshot?: unknown;
}

function isPending(value: unknown): value is PendingPayment | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const pending = value as Partial<PendingPayment>;
  return (
    typeof pending.hash === 'string' &&
    typeof pending.from === 'string' &&
    (pending.holdExpiresAt === null || typeof pending.holdExpiresAt === 'string')
  );
}

export const pendingPaymentStore = createSessionStore<PendingPayment | null>(
  'kassa.pending-payment',
  null,
  isPending,
);
