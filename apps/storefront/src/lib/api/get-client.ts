import type { Client } from '@kassa/domain/contract/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { isApiError } from '../api-error';
import { clientToken, storeClientToken } from '../client-token';

/**
 * GET /api/client: the logged-in client, or null for an anonymous visitor.
 * Without a stored token there is nobody to ask about, so no request is made;
 * a 401 means the token is no longer valid and is forgotten.
 */
export async function getClient(signal?: AbortSignal): Promise<Client | null> {
  if (!clientToken()) return null;
  try {
    return await apiGet('/client', {
      devSchema: import.meta.env.DEV
        ? async () => (await import('@kassa/domain/contract/client')).clientSchema
        : undefined,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      storeClientToken(null);
      return null;
    }
    throw error;
  }
}

export function clientQueryOptions() {
  return queryOptions({
    queryKey: ['client'],
    queryFn: ({ signal }) => getClient(signal),
    staleTime: Infinity,
  });
}

export function useClient() {
  return useQuery(clientQueryOptions());
}
