import type {
  SelfCancellation,
  SelfCancelRequest,
  SelfCancelResult,
} from '@kassa/domain/contract/self-cancel';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';

/** What the visitor picked: ticket ids, and extras by line with how many. */
export interface SelfCancelChoice {
  tickets: string[];
  lines: { id: number; quantity: number }[];
}

function choiceQuery(choice: SelfCancelChoice | null): string {
  if (!choice) return '';
  const query = new URLSearchParams();
  if (choice.tickets.length > 0) query.set('tickets', choice.tickets.join(','));
  if (choice.lines.length > 0)
    query.set('lines', choice.lines.map((line) => `${line.id}:${line.quantity}`).join(','));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * GET /api/orders/{hash}/cancellation: the order's tickets and extras and
 * what cancelling the choice gives back now by the product's policy, or
 * why not (decision 0259). No choice: all that is left.
 */
export async function getSelfCancellation(
  hash: string,
  choice: SelfCancelChoice | null,
  signal?: AbortSignal,
): Promise<SelfCancellation> {
  const answer = await apiGet<{ ok: true; response: SelfCancellation }>(
    `/orders/${encodeURIComponent(hash)}/cancellation${choiceQuery(choice)}`,
    {
      signal,
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/self-cancel')).selfCancellationAnswerSchema
        : undefined,
    },
  );
  return answer.response;
}

export function useSelfCancellation(hash: string, choice: SelfCancelChoice | null, enabled: boolean) {
  return useQuery({
    queryKey: ['self-cancellation', hash, choiceQuery(choice)],
    queryFn: ({ signal }) => getSelfCancellation(hash, choice, signal),
    enabled,
    retry: false,
    // While a new choice is quoted the last quote stays on screen (marked busy).
    placeholderData: keepPreviousData,
  });
}

/** POST /api/orders/{hash}/cancel with the choice: the server quotes again and cancels. */
export async function selfCancel(hash: string, request: SelfCancelRequest): Promise<SelfCancelResult> {
  const answer = await apiRequest<{ ok: true; response: SelfCancelResult }>(
    `/orders/${encodeURIComponent(hash)}/cancel`,
    { method: 'POST', body: request },
  );
  return answer.response;
}

export function useSelfCancel(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SelfCancelRequest) => selfCancel(hash, request),
    // Afterwards the order page (credit note, status) and the panel read the order again.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['checkout-return', hash] }),
        client.invalidateQueries({ queryKey: ['self-cancellation', hash] }),
      ]),
  });
}
