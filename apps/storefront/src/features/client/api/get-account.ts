import type { ClientAccount } from '@kassa/domain/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET /api/client/account: the logged-in client's subscriptions with passes, and orders. */
export function getAccount(signal?: AbortSignal): Promise<ClientAccount> {
  return apiGet('/client/account', {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/client')).clientAccountSchema
      : undefined,
    signal,
  });
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: ['account'], queryFn: ({ signal }) => getAccount(signal) });
}

export function useAccount(enabled: boolean) {
  return useQuery({ ...accountQueryOptions(), enabled });
}
