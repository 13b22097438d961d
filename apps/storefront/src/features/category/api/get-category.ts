import type { Category } from '@kassa/domain/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

/** GET /api/categories/{id}: the category with the id lists of its products, subscriptions and vouchers. */
export function getCategory(id: number, language: Language, signal?: AbortSignal): Promise<Category> {
  return apiGet(`/categories/${id}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/catalog')).categorySchema
      : undefined,
    language,
    signal,
  });
}

export function categoryQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: ['category', id, language],
    queryFn: ({ signal }) => getCategory(id, language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id, useLanguage()));
}
