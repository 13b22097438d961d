import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { apiRequest } from '@/lib/api-client';

interface OrdersResponse {
  ok: true;
  response: { orders: OrderAnswer[] };
}

/**
 * POST /api/orders. A real submission carries an Idempotency-Key, the same
 * on every retry of one attempt, so a double click or a retry after a lost
 * answer makes one order (ARCHITECTURE §2).
 */
export async function createOrder(body: CreateOrderInput, idempotencyKey?: string): Promise<OrderAnswer[]> {
  const answer = await apiRequest<OrdersResponse>('/orders', {
    method: 'POST',
    body,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/orders')).createOrderResponseSchema
      : undefined,
  });
  return answer.response.orders;
}
