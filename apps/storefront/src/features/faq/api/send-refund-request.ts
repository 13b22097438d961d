import type { RefundRequest, RefundRequestResponse } from '@kassa/domain/contract/refund-request';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/faq/mail: mails the refund or cancellation request to the shop (docs/storefront.md §7.5). */
export function sendRefundRequest(request: RefundRequest): Promise<RefundRequestResponse> {
  return apiRequest('/faq/mail', {
    method: 'POST',
    body: request,
    // The answer is only { ok: true }; zod is checked in development only, to keep this page light.
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/refund-request')).refundRequestResponseSchema
      : undefined,
  });
}

export function useSendRefundRequest() {
  return useMutation({ mutationFn: sendRefundRequest });
}
