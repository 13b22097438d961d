import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { postCheckout } from '@/features/checkout/api/post-checkout';

/**
 * POST /api/orders: one answer per cart item. A real submission carries the
 * attempt's Idempotency-Key (postCheckout).
 */
export async function createOrder(body: CreateOrderInput, idempotencyKey?: string): Promise<OrderAnswer[]> {
  const response = await postCheckout<{ orders: OrderAnswer[] }>(
    '/orders',
    body,
    idempotencyKey,
    async () => (await import('@kassa/domain/contract/orders')).createOrderResponseSchema,
  );
  return response.orders;
}
