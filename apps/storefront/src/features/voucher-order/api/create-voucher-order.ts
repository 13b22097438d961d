import type { CreateVoucherOrderInput, VoucherOrderAnswer } from '@kassa/domain/contract/voucher-orders';
import { simulatedTotals } from '@kassa/domain/rules/simulated-totals';
import { postCheckout } from '@/features/checkout/api/post-checkout';
import type { ServerPrice } from '@/features/checkout/hooks/use-checkout';

/** POST /api/vouchers (docs/storefront.md §7), with the attempt's Idempotency-Key when real. */
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

/** What a simulated voucher order costs, in the server's figures (decision 0147), and whether it goes on invoice. */
export function voucherPrice(answer: VoucherOrderAnswer): ServerPrice {
  const onInvoice = answer.order.invoice;
  return { onInvoice, totals: simulatedTotals([{ invoice: onInvoice, priceInfo: answer.priceInfo }]) };
}
