import type { Mailer } from '../../mail/mail-message.ts';
import { sendTickets } from '../../tickets/send-tickets.ts';
import { refundPayment, type RefundContext } from './refund-payment.ts';
import type { SettleResult } from './settle-payment.ts';

/**
 * What follows a committed settlement: the tickets mail for an order that
 * just became paid; for a payment that needs a refund a loud log line and
 * the refund through its gateway (refundPayment). A mail or refund failure
 * is logged, not thrown: the settlement stands, the tickets also download
 * from the return page, and a payment not refunded stays REFUND_REQUIRED.
 */
export async function afterSettle(
  /** baseUrl: the shop's public address, for the rebooking link in the tickets mail. */
  context: RefundContext & { mailer: Mailer; baseUrl?: string },
  result: SettleResult,
): Promise<void> {
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
  if (result.kind !== 'PAID') return;
  try {
    await sendTickets(context.db, context.mailer, result.orderId, context.baseUrl);
  } catch (error) {
    context.log.error({ err: error, order: result.orderId }, 'tickets mail could not be sent');
  }
}
