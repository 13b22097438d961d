import type { Cancellation, StaffRefund } from '@kassa/domain/contract/staff-refunds';
import type { CancellationAnswer } from './cancel-order-items.ts';
import type { RefundView } from './settle-refund.ts';

/** A refund on the wire (contract/staff-refunds). */
export function refundWire(refund: RefundView): StaffRefund {
  return {
    id: refund.id,
    amount_cents: refund.amountCents,
    method: refund.method,
    status: refund.status,
    gateway: refund.gateway,
    provider_ref: refund.providerRef,
    voucher_code: refund.voucherCode,
    actor: refund.actor,
    reason: refund.reason,
    lines: refund.lines.map((line) => ({
      order_line_id: line.orderLineId,
      quantity: line.quantity,
      amount_cents: line.amountCents,
      ticket_ids: line.ticketIds,
    })),
    last_error: refund.lastError,
    created_at: refund.createdAt,
    updated_at: refund.updatedAt,
  };
}

export function cancellationWire(answer: CancellationAnswer): Cancellation {
  return {
    order_number: answer.orderNumber,
    order_status: answer.orderStatus,
    lines: answer.lines.map((line) => ({
      order_line_id: line.orderLineId,
      quantity: line.quantity,
      amount_cents: line.amountCents,
      ticket_ids: line.ticketIds,
    })),
    share_cents: answer.shareCents,
    amount_cents: answer.amountCents,
    method: answer.method,
    currency: answer.currency,
    paid_cents: answer.paidCents,
    refunded_before_cents: answer.refundedBeforeCents,
    refund: answer.refund ? refundWire(answer.refund) : null,
  };
}
