import type { CreateOrderInput, OrderAnswer } from '@kassa/domain/contract/orders';
import { postCheckout } from '@/features/checkout/api/post-checkout';
import { passFor, spendPass } from '@/lib/rush-store';

/**
 * POST /api/orders: one answer per cart item. A real submission carries the
 * attempt's Idempotency-Key (postCheckout).
 */
export async function createOrder(body: CreateOrderInput, idempotencyKey?: string): Promise<OrderAnswer[]> {
  // A waiting room's pass for a product of the order (decision 0266), spent once the order is placed.
  const rushPass = body.rushPass ?? passFor(body.orders.map((item) => Number(item.product.id)));
  const simulated = body.simulate === true || body.orders.some((item) => item.simulate === true);
  const response = await postCheckout<{ orders: OrderAnswer[] }>(
    '/orders',
    rushPass ? { ...body, rushPass } : body,
    idempotencyKey,
    async () => (await import('@kassa/domain/contract/orders')).createOrderResponseSchema,
  );
  if (rushPass && !simulated) spendPass(rushPass);
  return response.orders;
}
