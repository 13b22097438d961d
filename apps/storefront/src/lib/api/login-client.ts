import type { Client } from '@kassa/domain/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { storeClientToken } from '../client-token';
import { clientQueryOptions } from './get-client';

/** POST /api/client: logs a client in with their token (spec §7 writes). */
export function loginClient(token: string): Promise<Client> {
  return apiRequest('/client', {
    method: 'POST',
    body: { token },
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/client')).clientSchema
      : undefined,
  });
}

/**
 * Logs in and remembers the token, so every later call carries it; the
 * client query then holds the client without asking again.
 */
export function useLoginClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginClient,
    onSuccess: (client) => {
      storeClientToken(client.token);
      queryClient.setQueryData(clientQueryOptions().queryKey, client);
      // Group-specific offers: catalogue reads depend on who is asking.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'client' });
    },
  });
}
