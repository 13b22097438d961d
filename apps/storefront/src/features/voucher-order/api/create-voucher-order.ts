import type { CreateVoucherOrderInput, VoucherOrderAnswer } from '@kassa/domain/contract/voucher-orders';
import { postCheckout } from '@/features/checkout/api/post-checkout';

/** POST /api/vouchers (spec §7), with the attempt's Idempotency-Key when real. */
export function createVoucherOrder(
  body: CreateVoucherOrderInput,
  idempotencyKey?: string,
): Promise<VoucherOrderAnswer> {
  return postCheckout<VoucherOrderAnswer>(
    '/vouchers',
    body,
    idempotencyKey,
    async () => (await import('@kassa/domain/contract/voucher-orders')).createVoucherOrderResponseSchema,
  );
}

/** The simulated variant: does the order go on invoice (spec §7 response.order.invoice)? */
export async function simulateVoucherOrder(body: CreateVoucherOrderInput): Promise<boolean> {
  return (await createVoucherOrder({ ...body, simulate: true })).order.invoice;
}
