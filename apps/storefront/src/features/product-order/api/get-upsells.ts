import type { Upsell } from '@kassa/domain/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

/** GET /api/products/{id}/upsells; a failure gives an empty list (spec §7). */
export async function getUpsells(id: number, language: Language, signal?: AbortSignal): Promise<Upsell[]> {
  try {
    return await apiGet<Upsell[]>(`/products/${id}/upsells`, {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/catalog')).upsellListSchema
        : undefined,
      language,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
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
