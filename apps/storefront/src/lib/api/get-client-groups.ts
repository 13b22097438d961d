import type { ClientGroup } from '@kassa/domain/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';

/** GET /api/groups/{clientId}: the groups whose offers a client sees. */
export function getClientGroups(clientId: number, signal?: AbortSignal): Promise<ClientGroup[]> {
  return apiGet(`/groups/${clientId}`, {
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/client')).clientGroupListSchema
      : undefined,
    signal,
  });
}

export function clientGroupsQueryOptions(clientId: number | undefined) {
  return queryOptions({
    queryKey: ['client-groups', clientId],
    queryFn: ({ signal }) => (clientId === undefined ? [] : getClientGroups(clientId, signal)),
    enabled: clientId !== undefined,
    staleTime: Infinity,
  });
}

export function useClientGroups(clientId: number | undefined) {
  return useQuery(clientGroupsQueryOptions(clientId));
}
