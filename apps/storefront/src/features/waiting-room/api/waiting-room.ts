import type {
  JoinWaitingRoomAnswer,
  WaitingRoomStatus,
  WaitingRoomStatusAnswer,
} from '@kassa/domain/contract/waiting-room';
import { apiGet, apiRequest } from '@/lib/api-client';

/** POST /api/waiting-room/join: a place and its signed token (decision 0265). */
export async function joinWaitingRoom(productId: number): Promise<JoinWaitingRoomAnswer['response']> {
  const answer = await apiRequest<JoinWaitingRoomAnswer>('/waiting-room/join', {
    method: 'POST',
    body: { productId },
  });
  return answer.response;
}

/** GET /api/waiting-room/status: answered from the server's 1-second snapshot (decision 0267). */
export async function waitingRoomStatus(token: string, signal?: AbortSignal): Promise<WaitingRoomStatus> {
  const answer = await apiGet<WaitingRoomStatusAnswer>(
    `/waiting-room/status?token=${encodeURIComponent(token)}`,
    {
      signal,
    },
  );
  return answer.response.status;
}
