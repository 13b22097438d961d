import type { Client } from '@kassa/domain/contract/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { storeClientToken } from '../client-token';
import { clientQueryOptions } from './get-client';

/**
 * How a client logs in: a mailed link's token, or e-mail and password
 * (decision 0120), with a solved captcha when the server asked for one (decision 0201).
 */
export type ClientCredentials = { token: string } | { email: string; password: string; captcha?: string };

const devSchema = import.meta.env.DEV
  ? async () => (await import('@kassa/domain/contract/client')).clientSchema
  : undefined;

/** POST /api/client (a link's token, docs/storefront.md §7.4) or POST /api/client/login (e-mail and password). */
export function loginClient(credentials: ClientCredentials): Promise<Client> {
  return apiRequest('token' in credentials ? '/client' : '/client/login', {
    method: 'POST',
    body: credentials,
    devSchema,
  });
}

/**
 * Remembers a logged-in client's session token, so every later call carries
 * it and a reload stays logged in; the client query then holds the client
 * without asking again. Also for a client made by an order (the
 * subscription flow's new account).
 */
export function rememberClient(queryClient: QueryClient, client: Client): void {
  storeClientToken(client.token);
  queryClient.setQueryData(clientQueryOptions().queryKey, client);
  // Group-specific offers: catalogue reads depend on who is asking.
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'client' });
}

export function useLoginClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginClient,
    onSuccess: (client) => rememberClient(queryClient, client),
  });
}
