import type { SubscriptionDetail, Upsell } from '@kassa/domain/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { getUpsellList } from '@/features/checkout/api/get-upsell-list';
import { apiGet } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

/** GET /api/subscriptions/{id} (docs/storefront.md §7.2): subscription detail. */
export function getSubscription(
  id: number,
  language: string,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  return apiGet(`/subscriptions/${id}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/catalog')).subscriptionDetailSchema
      : undefined,
    language,
    signal,
  });
}

/** GET /api/subscriptions/{id}/upsells (docs/storefront.md §7.2); a failure gives an empty list, as for products. */
export function getSubscriptionUpsells(
  id: number,
  language: string,
  signal?: AbortSignal,
): Promise<Upsell[]> {
  return getUpsellList('subscriptions', id, language, signal);
}

export function useSubscription(id: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['subscription', id, language],
    queryFn: ({ signal }) => getSubscription(id, language, signal),
    enabled: id > 0,
    retry: false,
  });
}

export function useSubscriptionUpsells(id: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['subscription-upsells', id, language],
    queryFn: ({ signal }) => getSubscriptionUpsells(id, language, signal),
    enabled: id > 0,
  });
}
