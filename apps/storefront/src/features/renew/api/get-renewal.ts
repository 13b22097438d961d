import type { SubscriptionRenewal } from '@kassa/domain/contract/subscription-order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET /api/client/subscription/{hash} (docs/storefront.md §7.2): renewable, subscription id, expiration, passes. */
export function getRenewal(hash: string, signal?: AbortSignal): Promise<SubscriptionRenewal> {
  return apiGet(`/client/subscription/${encodeURIComponent(hash)}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/subscription-order')).subscriptionRenewalSchema
      : undefined,
    signal,
  });
}

export function useRenewalCheck(hash: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: ['renewal', hash], queryFn: ({ signal }) => getRenewal(hash, signal) }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}
