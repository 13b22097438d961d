/**
 * The last order's payment, stored on every successful submission of any
 * kind (docs/storefront.md §4.12: "the payment details are stored").
 */
import type { Payment } from '@kassa/domain/contract/orders';
import { createSessionStore } from '@/lib/session-store';

export interface LastPayment {
  payment: Payment | null;
  hash: string | null;
  status: string;
}

function isLastPayment(value: unknown): value is LastPayment | null {
  return (
    value === null ||
    (typeof value === 'object' && typeof (value as { status?: unknown }).status === 'string')
  );
}

export const lastPaymentStore = createSessionStore<LastPayment | null>(
  'kassa.last-payment',
  null,
  isLastPayment,
);
