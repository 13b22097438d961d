import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * GET /api/rebook/secret/{secret}/{order} (docs/storefront.md §7.2): whether
 * the entry link fits the order it names. Any failure means the link is not
 * usable; the page then goes home (docs/storefront.md §8.3).
 */
export async function checkRebookLink(secret: string, order: string, signal?: AbortSignal): Promise<true> {
  await apiGet(`/rebook/secret/${encodeURIComponent(secret)}/${encodeURIComponent(order)}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/rebook')).rebookLinkResponseSchema
      : undefined,
    signal,
  });
  return true;
}

/** Checks the link once; `order` null (no ?order= in the URL) checks nothing. */
export function useRebookLink(secret: string, order: string | null) {
  return useQuery({
    queryKey: ['rebook-link', secret, order],
    queryFn: ({ signal }) => checkRebookLink(secret, order ?? '', signal),
    enabled: order !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
