import type { CheckoutReturn } from '@kassa/domain/contract/payment';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** How often a pending order is asked again until the gateway's word arrives. */
export const PENDING_POLL_MS = 2000;

/** GET /api/orders/{hash}/status: what the return page says about the order. */
export async function getCheckoutReturn(hash: string, signal?: AbortSignal): Promise<CheckoutReturn> {
  const answer = await apiGet<{ ok: true; response: CheckoutReturn }>(
    `/orders/${encodeURIComponent(hash)}/status`,
    {
      signal,
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/payment')).checkoutReturnAnswerSchema
        : undefined,
    },
  );
  return answer.response;
}

export function checkoutReturnQuery(hash: string) {
  return queryOptions({
    queryKey: ['checkout-return', hash],
    queryFn: ({ signal }) => getCheckoutReturn(hash, signal),
    // A pending order is polled until it settles; a settled one stays as it is.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PENDING_POLL_MS : false),
    retry: false,
  });
}

export function useCheckoutReturn(hash: string) {
  return useQuery(checkoutReturnQuery(hash));
}
