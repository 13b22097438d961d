import type { VoucherDetail } from '@kassa/domain/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useLanguage } from '@/lib/use-language';

/** GET /api/vouchers/{id}: the voucher with its values (a failure sends the visitor home as for a product, docs/storefront.md §8.3). */
export function useVoucher(id: number) {
  const language = useLanguage();
  return useQuery({
    queryKey: ['voucher', id, language],
    queryFn: ({ signal }) =>
      apiGet<VoucherDetail>(`/vouchers/${id}`, {
        devSchema: import.meta.env.DEV
          ? async () => (await import('@kassa/domain/contract/catalog')).voucherDetailSchema
          : undefined,
        language,
        signal,
      }),
    enabled: id > 0,
    retry: false,
  });
}
