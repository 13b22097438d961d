import type { Parser } from '@/lib/api-client';
import { apiRequest } from '@/lib/api-client';

/**
 * POST of an order of any kind (/orders, /vouchers, …), answering the
 * `response` of `{ ok: true, response }`. A real submission carries an
 * Idempotency-Key, the same on every retry of one attempt, so a double click
 * or a retry after a lost answer makes one order (decision 0103).
 */
export async function postCheckout<Response>(
  path: string,
  body: unknown,
  idempotencyKey?: string,
  devSchema?: () => Promise<Parser<{ ok: true; response: Response }>>,
): Promise<Response> {
  const answer = await apiRequest<{ ok: true; response: Response }>(path, {
    method: 'POST',
    body,
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
    devSchema: import.meta.env.DEV ? devSchema : undefined,
  });
  return answer.response;
}
