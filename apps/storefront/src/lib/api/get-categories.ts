import type { Category } from '@kassa/domain/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import type { Language } from '../language';
import { useLanguage } from '../use-language';

/** GET /api/categories: every category (summaries, with parent and children ids). */
export function getCategories(language: Language, signal?: AbortSignal): Promise<Category[]> {
  return apiGet('/categories', {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/catalog')).categoryListSchema
      : undefined,
    language,
    signal,
  });
}

export function categoriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['categories', language],
    queryFn: ({ signal }) => getCategories(language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions(useLanguage()));
}
