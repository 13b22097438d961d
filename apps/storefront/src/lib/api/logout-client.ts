import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { storeClientToken } from '../client-token';
import { endRenewal } from '../renewal-store';
import { clientQueryOptions } from './get-client';

/**
 * POST /api/client/logout ends this browser's session on the server; the
 * token is forgotten here whatever the answer (an ended session answers 401),
 * and a renewal in progress ends with it: it belonged to the client.
 */
export function useLogoutClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ok: true }>('/client/logout', { method: 'POST' }).catch(() => ({ ok: true })),
    onSettled: () => {
      storeClientToken(null);
      endRenewal();
      queryClient.setQueryData(clientQueryOptions().queryKey, null);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'client' });
    },
  });
}
