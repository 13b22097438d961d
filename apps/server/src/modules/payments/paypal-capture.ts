import type { ReturnStatus } from '@kassa/domain/contract/payment';
import { and, eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.ts';
import type { PaymentOutcome } from '../../payments/gateway.ts';
import { checkoutReturn } from './checkout-return.ts';
import { paymentErrors } from '../../engine/hand-off/payment-errors.ts';
import { settleOutcome, type SettleContext } from '../../engine/settlement/settle-outcome.ts';

/**
 * POST /api/payments/paypal/capture: after the visitor approves in PayPal's
 * buttons, the server (never the browser) captures the PayPal order and
 * settles the payment. Capturing twice is harmless: PayPal answers a
 * repeated PayPal-Request-Id with the first result, and the capture's event
 * id makes the second settlement a no-op.
 */
export async function capturePayPal(
  context: SettleContext,
  paymentHash: string,
  now: Date,
): Promise<{ status: ReturnStatus; hash: string }> {
  const paypal = context.gateways.paypal;
  if (!paypal) throw paymentErrors.gatewayNotConfigured('paypal');
  const [payment] = await context.db
    .select({ orderId: payments.orderId, hash: payments.hash, providerRef: payments.providerRef })
    .from(payments)
    .where(and(eq(payments.hash, paymentHash), eq(payments.gateway, 'paypal')))
    .limit(1);
  if (!payment?.providerRef) throw paymentErrors.notFound();
  let outcome: PaymentOutcome | null;
  try {
    outcome = await paypal.handleReturn(payment, {});
  } catch (error) {
    context.log.error({ err: error, order: payment.orderId }, 'PayPal capture failed');
    throw paymentErrors.gatewayUnavailable();
  }
  if (outcome) await settleOutcome(context, ['paypal'], outcome, now);
  const [order] = await context.db.select().from(orders).where(eq(orders.id, payment.orderId));
  if (!order) throw paymentErrors.notFound();
  const { status } = await checkoutReturn(context.db, order, now);
  return { status, hash: order.hash };
}
