import type { VoucherCheck } from '@kassa/domain/contract/voucher-check';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * GET /api/voucher/check/{code} (docs/storefront.md §7.2): the credit and
 * expiration of an issued code. Unknown codes fail with VOUCHER_NOT_FOUND, too
 * many tries with RATE_LIMITED. A mutation, not a query: each check is the
 * visitor's action and counts against their rate limit, so nothing refetches on
 * its own.
 */
export function checkVoucher(code: string, captcha?: string): Promise<VoucherCheck> {
  // After too many wrong codes the server asks for a captcha (SECURITY_ code, decision 0102): its token rides in the query.
  const query = captcha ? `?${new URLSearchParams({ captcha }).toString()}` : '';
  return apiGet(`/voucher/check/${encodeURIComponent(code)}${query}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/voucher-check')).voucherCheckSchema
      : undefined,
  });
}

export function useCheckVoucher() {
  return useMutation({
    mutationFn: ({ code, captcha }: { code: string; captcha?: string }) => checkVoucher(code, captcha),
  });
}
