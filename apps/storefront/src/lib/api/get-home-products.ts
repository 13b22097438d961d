import type { HomeProducts } from '@kassa/domain/contract/catalog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import type { Language } from '../language';
import { useLanguage } from '../use-language';

/** GET /api/home/products: every product, subscription and voucher on sale (summaries). */
export function getHomeProducts(language: Language, signal?: AbortSignal): Promise<HomeProducts> {
  return apiGet('/home/products', {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/catalog')).homeProductsSchema
      : undefined,
    language,
    signal,
  });
}

export function homeProductsQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['home-products', language],
    queryFn: ({ signal }) => getHomeProducts(language, signal),
    placeholderData: keepPreviousData,
  });
}

export function useHomeProducts() {
  return useQuery(homeProductsQueryOptions(useLanguage()));
}
