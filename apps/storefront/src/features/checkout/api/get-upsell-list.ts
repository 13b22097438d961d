import type { Upsell } from '@kassa/domain/contract/catalog';
import { apiGet } from '@/lib/api-client';

/**
 * GET /api/{products|subscriptions}/{id}/upsells (docs/storefront.md §7.2): the
 * upsells of what is ordered; a failure gives an empty list, so the flow goes
 * on without them.
 */
export async function getUpsellList(
  owner: 'products' | 'subscriptions',
  id: number,
  language: string,
  signal?: AbortSignal,
): Promise<Upsell[]> {
  try {
    return await apiGet<Upsell[]>(`/${owner}/${id}/upsells`, {
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
