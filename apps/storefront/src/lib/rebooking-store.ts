/**
 * A rebooking in progress (docs/storefront.md §3.17, §4.10): stored
 * by the rebook entry page when the order id and e-mail check out, read by
 * the product flow in rebooking mode. Kept in sessionStorage so a reload (or
 * the way back from a payment page) finds it; cleared when the rebooking
 * order is placed or a normal product flow starts.
 */
import type { Rebooking } from '@kassa/domain/contract/rebook';
import { createSessionStore } from './session-store';

export interface StoredRebooking {
  data: Rebooking;
  /** The entry page the visitor came from (path and query), to go back to. */
  entry: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStoredRebooking(value: unknown): value is StoredRebooking | null {
  if (value === null) return true;
  if (!isRecord(value) || typeof value.entry !== 'string' || !isRecord(value.data)) return false;
  const data = value.data;
  return (
    typeof data.hash === 'string' &&
    typeof data.secret === 'string' &&
    typeof data.product === 'number' &&
    (data.status === 'PAID' || data.status === 'RESERVED') &&
    typeof data.amount === 'number' &&
    isRecord(data.customer) &&
    isRecord(data.quantity) &&
    isRecord(data.quantity.upsells)
  );
}

export const rebookingStore = createSessionStore<StoredRebooking | null>(
  'kassa.rebooking',
  null,
  isStoredRebooking,
);

export function startRebooking(rebooking: StoredRebooking): void {
  rebookingStore.set(rebooking);
}

export function endRebooking(): void {
  if (rebookingStore.get() !== null) rebookingStore.set(null);
}

export function useRebooking(): StoredRebooking | null {
  return rebookingStore.use();
}
