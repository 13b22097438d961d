import { refundPayment, type RefundContext } from './refund-payment.ts';
import type { SettleResult } from './settle-payment.ts';

/**
 * What follows a committed settlement: for a payment that needs a refund a
 * loud log line and the refund through its gateway (refundPayment, never
 * under a lock). A refund failure is logged, not thrown: the payment stays
 * REFUND_REQUIRED and the sweeper's timer tries again. Mails need nothing
 * here: the settlement queued them in its own transaction (decision 0050).
 */
export async function afterSettle(context: RefundContext, result: SettleResult): Promise<void> {
  if (result.kind === 'REFUND_REQUIRED') {
    context.log.error(
      { order: result.orderId, payment: result.paymentId },
      'payment arrived after the seats or discounts were gone: refund required',
    );
    await refundPayment(context, result.paymentId, 'NOT_BOOKED');
  }
  if (result.kind === 'DOUBLE_PAYMENT') {
    context.log.error(
      { order: result.orderId, payment: result.paymentId },
      'second payment of an order already settled: refund required',
    );
    await refundPayment(context, result.paymentId, 'DUPLICATE');
  }
}
