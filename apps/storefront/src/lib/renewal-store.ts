/**
 * A subscription renewal in progress (docs/storefront.md §4.11): stored when
 * /renew/{hash} answers renewable; home then hides products and marks the
 * current subscription.
 */
import { createSessionStore } from './session-store';

export interface Renewal {
  hash: string;
  /** The subscription being renewed. */
  subscriptionId: number;
  expiration: string | null;
  passes: { id: number; audience: number | null }[];
}

function isRenewal(value: unknown): value is Renewal | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const renewal = value as Partial<Renewal>;
  return (
    typeof renewal.hash === 'string' &&
    typeof renewal.subscriptionId === 'number' &&
    Array.isArray(renewal.passes)
  );
}

export const renewalStore = createSessionStore<Renewal | null>('kassa.renewal', null, isRenewal);

export function startRenewal(renewal: Renewal): void {
  renewalStore.set(renewal);
}

export function endRenewal(): void {
  renewalStore.set(null);
}

export function useRenewal(): Renewal | null {
  return renewalStore.use();
}
