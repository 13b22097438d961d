import type { ResendTicketsAnswer } from '@kassa/domain/contract/payment';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/orders/{hash}/tickets/resend: the server queues the tickets mail again (rate-limited). */
export async function resendTickets(hash: string): Promise<void> {
  await apiRequest<ResendTicketsAnswer>(`/orders/${encodeURIComponent(hash)}/tickets/resend`, {
    method: 'POST',
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/payment')).resendTicketsAnswerSchema
      : undefined,
  });
}

export function useResendTickets() {
  return useMutation({ mutationFn: resendTickets });
}
