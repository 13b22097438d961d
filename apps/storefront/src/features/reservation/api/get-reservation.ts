import type { Reservation } from '@kassa/domain/contract/reservation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

/** GET /api/reservation/{hash} (docs/storefront.md §7.2): the reservation, in the visitor's language. */
export async function getReservation(hash: string, signal?: AbortSignal): Promise<Reservation> {
  const answer = await apiGet<{ ok: true; response: Reservation }>(
    `/reservation/${encodeURIComponent(hash)}`,
    {
      signal,
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/reservation')).reservationAnswerSchema
        : undefined,
    },
  );
  return answer.response;
}

export function reservationQuery(hash: string, language: string) {
  return queryOptions({
    queryKey: ['reservation', hash, language],
    queryFn: ({ signal }) => getReservation(hash, signal),
    // Paid or changed elsewhere (another tab, the mail's link): never kept for long.
    staleTime: 0,
    retry: false,
  });
}

export function useReservation(hash: string) {
  return useQuery(reservationQuery(hash, useLanguage()));
}
