import type { Rebooking, RebookValidateRequest } from '@kassa/domain/contract/rebook';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activeLanguage, serverLanguage } from '@/lib/language';

interface ValidateResponse {
  ok: true;
  response: Rebooking;
}

/**
 * POST /api/rebook/validate (docs/storefront.md §7.6): the order id and e-mail
 * the visitor entered, with the entry link's secret; answers the rebooking data
 * (docs/storefront.md §3.17). A mutation: each try is the visitor's and counts
 * against the rate limit.
 */
export async function validateRebook(body: RebookValidateRequest): Promise<Rebooking> {
  const answer = await apiRequest<ValidateResponse>('/rebook/validate', {
    method: 'POST',
    body,
    devSchema: import.meta.env.DEV
      ? async () => (await import('@kassa/domain/contract/rebook')).rebookValidateResponseSchema
      : undefined,
  });
  return answer.response;
}

export function useValidateRebook() {
  return useMutation({
    mutationFn: (input: { id: string; email: string; secret: string }) =>
      validateRebook({
        order: { id: input.id, email: input.email },
        secret: input.secret,
        language: serverLanguage(activeLanguage()),
      }),
  });
}
