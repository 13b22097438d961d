import type { Reservation } from '@kassa/domain/contract/reservation';
import { apiRequest } from '@/lib/api-client';

const devSchema = import.meta.env.DEV
  ? async () => (await import('@kassa/domain/contract/reservation')).reservationAnswerSchema
  : undefined;

/** POST /api/reservation/{hash}/coupon: the code applied; the server prices the reservation again. */
export async function applyReservationCode(hash: string, code: string): Promise<Reservation> {
  const answer = await apiRequest<{ ok: true; response: Reservation }>(
    `/reservation/${encodeURIComponent(hash)}/coupon`,
    { method: 'POST', body: { code }, devSchema },
  );
  return answer.response;
}

/** DELETE /api/reservation/{hash}/coupon/{code}: the code taken off again. */
export async function removeReservationCode(hash: string, code: string): Promise<Reservation> {
  const answer = await apiRequest<{ ok: true; response: Reservation }>(
    `/reservation/${encodeURIComponent(hash)}/coupon/${encodeURIComponent(code)}`,
    { method: 'DELETE', devSchema },
  );
  return answer.response;
}
