import type { ProductDetail } from '@kassa/domain/contract/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { Language } from '@/lib/language';
import { useLanguage } from '@/lib/use-language';

/** GET /api/products/{id}: the product with audiences and cross-sells (a failure sends the visitor home, docs/storefront.md §8.3). */
export function getProduct(id: number, language: Language, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet(`/products/${id}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/catalog')).productDetailSchema
      : undefined,
    language,
    signal,
  });
}

export function productQueryOptions(id: number, language: Language) {
  return queryOptions({
    queryKey: ['product', id, language],
    queryFn: ({ signal }) => getProduct(id, language, signal),
  });
}

export function useProduct(id: number) {
  return useQuery(productQueryOptions(id, useLanguage()));
}
