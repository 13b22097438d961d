import type { CancelOrderResponse } from '@kassa/domain/contract/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/orders/{hash}/cancel: gives up an order that waits for its
 * payment, so its seats are free at once (decision 0146). Idempotent.
 */
export async function cancelOrder(hash: string): Promise<CancelOrderResponse['response']> {
  const answer = await apiRequest<CancelOrderResponse>(`/orders/${encodeURIComponent(hash)}/cancel`, {
    method: 'POST',
  });
  return answer.response;
}
