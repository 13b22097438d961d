/**
 * A waiting-list offer being bought (decision 0261): the mail link's token
 * and what it holds, kept for the tab so the plots and the order carry it.
 */
import type { WaitlistOfferAnswer } from '@kassa/domain/contract/waitlist';
import { apiGet } from '@/lib/api-client';
import type { CartOrder } from '@/lib/cart-store';
import { createSessionStore } from '@/lib/session-store';

export interface WaitlistClaim {
  token: string;
  productId: number;
  plotId: number;
  quantity: number;
}

function isClaim(value: unknown): value is WaitlistClaim | null {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  const claim = value as Record<string, unknown>;
  return (
    typeof claim.token === 'string' &&
    typeof claim.productId === 'number' &&
    typeof claim.plotId === 'number' &&
    typeof claim.quantity === 'number'
  );
}

export const waitlistClaimStore = createSessionStore<WaitlistClaim | null>(
  'kassa.waitlist-claim',
  null,
  isClaim,
);

/** GET /api/waitlist/offers/{token}: the offer, or an ApiError with its code (used, lapsed, unknown). */
export async function fetchOffer(token: string): Promise<WaitlistClaim> {
  const answer = await apiGet<WaitlistOfferAnswer>(`/waitlist/offers/${encodeURIComponent(token)}`);
  const { offer } = answer.response;
  return { token, productId: offer.productId, plotId: offer.plotId, quantity: offer.quantity };
}

/** The claim's token for an order of this product on this plot; undefined otherwise. */
export function claimTokenFor(claim: WaitlistClaim | null, order: CartOrder): string | undefined {
  return claim && claim.productId === order.product.id && claim.plotId === order.product.plot
    ? claim.token
    : undefined;
}
