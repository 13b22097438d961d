import type { Payment } from '@kassa/domain/contract/orders';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * GET /api/payment/{hash} (docs/storefront.md §7.2): a payment to hand off for
 * the order, here to pay again after a failed or cancelled attempt. A mutation:
 * each press may make a new payment, so nothing refetches on its own.
 */
export async function getPayment(hash: string): Promise<Payment> {
  const answer = await apiGet<{ ok: true; response: { payment: Payment } }>(
    `/payment/${encodeURIComponent(hash)}`,
    {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/payment')).paymentAnswerSchema
        : undefined,
    },
  );
  return answer.response.payment;
}

export function usePayAgain() {
  return useMutation({ mutationFn: getPayment });
}
