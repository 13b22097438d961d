import {
  cancellationSchema,
  refundSchema,
  type CancelRequest,
  type Cancellation,
  type StaffRefund,
} from '@kassa/domain/contract/staff-refunds';
import { staffRequest } from './staff-request';

const orderPath = (number: string) => `/orders/${encodeURIComponent(number)}/cancel`;

/** POST /api/staff/orders/{number}/cancel/preview: what the cancellation would give back; changes nothing. */
export function previewCancellation(number: string, body: CancelRequest): Promise<Cancellation> {
  return staffRequest(`${orderPath(number)}/preview`, { method: 'POST', body, schema: cancellationSchema });
}

/** POST /api/staff/orders/{number}/cancel: cancels and refunds (decisions 0235–0237). */
export function cancelOrder(number: string, body: CancelRequest): Promise<Cancellation> {
  return staffRequest(orderPath(number), { method: 'POST', body, schema: cancellationSchema });
}

/** POST /api/staff/refunds/{id}/retry: a failed refund tried again at its gateway. */
export function retryRefund(id: number): Promise<StaffRefund> {
  return staffRequest(`/refunds/${id}/retry`, { method: 'POST', schema: refundSchema });
}
