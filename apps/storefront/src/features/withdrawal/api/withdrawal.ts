import type { Withdrawal, WithdrawalAnswer } from '@kassa/domain/contract/withdrawal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';

const key = (hash: string) => ['withdrawal', hash] as const;

/** GET /api/withdrawal/{hash} (decision 0254): whether the buyer can still withdraw, and what it ends. */
export function useWithdrawal(hash: string) {
  return useQuery({
    queryKey: key(hash),
    queryFn: async (): Promise<Withdrawal> =>
      (await apiGet<WithdrawalAnswer>(`/withdrawal/${encodeURIComponent(hash)}`)).response.withdrawal,
    retry: false,
  });
}

/** POST /api/withdrawal/{hash}: the confirmed withdrawal; the answer replaces the view. */
export function useWithdraw(hash: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Withdrawal> =>
      (
        await apiRequest<WithdrawalAnswer>(`/withdrawal/${encodeURIComponent(hash)}`, {
          method: 'POST',
          body: { confirm: true },
        })
      ).response.withdrawal,
    onSuccess: (withdrawal) => client.setQueryData(key(hash), withdrawal),
  });
}
