import type { Upsell } from '@kassa/domain/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUpsellList } from '@/features/checkout/api/get-upsell-list';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

/** GET /api/products/{id}/upsells; a failure gives an empty list (docs/storefront.md §8.3). */
export function getUpsells(id: number, language: Language, signal?: AbortSignal): Promise<Upsell[]> {
  return getUpsellList('products', id, language, signal);
}

export function upsellsQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: ['product-upsells', id, language],
    queryFn: ({ signal }) => getUpsells(id, language, signal),
  });
}

export function useUpsells(id: number, enabled: boolean) {
  return useQuery({ ...upsellsQueryOptions(id, useLanguage()), enabled });
}
