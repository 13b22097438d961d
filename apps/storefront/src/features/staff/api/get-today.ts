import { orderSearchSchema, todaySchema } from '@kassa/domain/contract/staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/lib/use-language';
import { staffRequest } from './staff-request';

/** How often /staff/today refreshes while open. */
export const TODAY_REFRESH_MS = 10_000;

/** GET /api/staff/today, refreshed live while the page is open. */
export function useToday() {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'today', language],
    queryFn: ({ signal }) => staffRequest('/today', { schema: todaySchema, signal, language }),
    refetchInterval: TODAY_REFRESH_MS,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/staff/today/orders?q=: orders by reference or e-mail with their tickets. */
export function useOrderSearch(query: string) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['staff', 'orders', query, language],
    queryFn: ({ signal }) =>
      staffRequest(`/today/orders?q=${encodeURIComponent(query)}`, {
        schema: orderSearchSchema,
        signal,
        language,
      }),
    enabled: query.trim() !== '',
  });
}
