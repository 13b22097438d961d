import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mail-message.ts';
import { sendTickets } from '../../tickets/send-tickets.ts';
import type { SettleResult } from './settle-payment.ts';

/**
 * What follows a committed settlement: the tickets mail for an order that
 * just became paid, a loud log line for a payment that needs a refund. A mail
 * failure is logged, not thrown: the payment stands, and the tickets also
 * download from the return page.
 */
export async function afterSettle(
  context: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  result: SettleResult,
): Promise<void> {
  if (result.kind === 'REFUND_REQUIRED') {
    context.log.error(
      { order: result.orderId, payment: result.paymentId },
      'payment arrived after the seats or discounts were gone: refund required',
    );
  }
  if (result.kind === 'DOUBLE_PAYMENT') {
    context.log.error(
      { order: result.orderId, payment: result.paymentId },
      'second payment of an order already settled: refund required',
    );
  }
  if (result.kind !== 'PAID') return;
  try {
    await sendTickets(context.db, context.mailer, result.orderId);
  } catch (error) {
    context.log.error({ err: error, order: result.orderId }, 'tickets mail could not be sent');
  }
}
