import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/client/login-link: the answer is the same whether or not the e-mail has an account. */
export function requestLoginLink(body: { email: string; redirect?: string }): Promise<{ ok: true }> {
  return apiRequest('/client/login-link', { method: 'POST', body });
}

export function useRequestLoginLink() {
  return useMutation({ mutationFn: requestLoginLink });
}
