import type { EditReservationRequest, Reservation } from '@kassa/domain/contract/reservation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/reservation/{hash} (docs/storefront.md §7.11): the customer's details; answers the reservation reloaded. */
export async function editReservation(hash: string, body: EditReservationRequest): Promise<Reservation> {
  const answer = await apiRequest<{ ok: true; response: Reservation }>(
    `/reservation/${encodeURIComponent(hash)}`,
    {
      method: 'PATCH',
      body,
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/reservation')).reservationAnswerSchema
        : undefined,
    },
  );
  return answer.response;
}

/** After an edit the reservation is loaded again (docs/storefront.md §7.11), in every language it was asked in. */
export function useEditReservation(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditReservationRequest) => editReservation(hash, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reservation', hash] }),
  });
}
