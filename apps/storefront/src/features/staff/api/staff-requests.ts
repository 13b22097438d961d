import {
  approveAnswerSchema,
  staffRequestListSchema,
  staffRequestSchema,
} from '@kassa/domain/contract/staff-requests';
import type { CancelRequest } from '@kassa/domain/contract/staff-refunds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffRequest } from './staff-request';

const KEY = ['staff', 'requests'];

/** GET /api/staff/requests?status=…: the FAQ page's refund requests, newest first (decision 0239). */
export function useStaffRequests(status: 'open' | 'approved' | 'declined') {
  return useQuery({
    queryKey: [...KEY, status],
    queryFn: ({ signal }) =>
      staffRequest(`/requests?status=${status}`, { schema: staffRequestListSchema, signal }),
    staleTime: 0,
  });
}

/** POST /api/staff/requests/:id/approve and /decline. */
export function useDecideRequest(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const approve = useMutation({
    mutationFn: (body: CancelRequest) =>
      staffRequest(`/requests/${id}/approve`, { method: 'POST', body, schema: approveAnswerSchema }),
    onSuccess: refresh,
  });
  const decline = useMutation({
    mutationFn: (message: string) =>
      staffRequest(`/requests/${id}/decline`, {
        method: 'POST',
        body: { message },
        schema: staffRequestSchema,
      }),
    onSuccess: refresh,
  });
  return { approve, decline };
}
