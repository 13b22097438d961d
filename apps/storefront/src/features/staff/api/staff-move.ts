import {
  moveAnswerSchema,
  movePlotsSchema,
  type MoveAnswerBody,
  type MoveRequestBody,
} from '@kassa/domain/contract/staff-move';
import { useQuery } from '@tanstack/react-query';
import { staffRequest } from './staff-request';

const movePath = (number: string) => `/orders/${encodeURIComponent(number)}/move`;

/** GET /api/staff/orders/{number}/move/plots: the times the booking can go to, with free places (decision 0247). */
export function useMovePlots(number: string, enabled: boolean) {
  return useQuery({
    queryKey: ['staff', 'orders', 'move-plots', number],
    queryFn: () => staffRequest(`${movePath(number)}/plots`, { schema: movePlotsSchema }),
    enabled,
    retry: false,
  });
}

/** POST …/move/preview: what the move would cost or give back; changes nothing. */
export function previewMove(number: string, body: MoveRequestBody): Promise<MoveAnswerBody> {
  return staffRequest(`${movePath(number)}/preview`, { method: 'POST', body, schema: moveAnswerSchema });
}

/** POST …/move: moves the booking, or mails the visitor the link to pay the difference. */
export function moveBooking(number: string, body: MoveRequestBody): Promise<MoveAnswerBody> {
  return staffRequest(movePath(number), { method: 'POST', body, schema: moveAnswerSchema });
}
