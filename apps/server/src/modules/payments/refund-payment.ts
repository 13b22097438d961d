import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { GatewayName, RefundRequest } from '../../payments/gateway.ts';
import { GATEWAY_NAMES } from '../../payments/gateway.ts';
import type { Gateways } from '../../payments/gateways.ts';

export interface RefundContext {
  db: Db;
  gateways: Gateways;
  log: FastifyBaseLogger;
}

export type RefundResult = 'REFUNDED' | 'NOT_REQUIRED' | 'FAILED';

/** The provider's idempotency key for a payment's refund: one refund per payment, however often asked. */
export function refundKey(paymentHash: string): string {
  return `kassa-refund-${paymentHash}`;
}

/**
 * Gives the money of a payment flagged REFUND_REQUIRED back through the
 * gateway that took it (ADR 0020), after the settlement has committed, and
 * marks it REFUNDED with the provider's refund id. The idempotency key is
 * the payment's own, so a retry or a concurrent call makes one refund at
 * the provider, and the status moves only from REFUND_REQUIRED. The gateway
 * that took the money must be configured here: the test fallback never
 * stands in for it. A failure is logged and leaves the payment
 * REFUND_REQUIRED for staff (or a later call) to finish.
 */
export async function refundPayment(
  context: RefundContext,
  paymentId: number,
  reason: RefundRequest['reason'],
): Promise<RefundResult> {
  const { db, log } = context;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || payment.status !== 'REFUND_REQUIRED') return 'NOT_REQUIRED';
  const name = (GATEWAY_NAMES as readonly string[]).includes(payment.gateway)
    ? (payment.gateway as GatewayName)
    : null;
  const gateway = name ? context.gateways[name] : null;
  if (!gateway) {
    log.error(
      { payment: payment.id, order: payment.orderId, gateway: payment.gateway },
      'refund required, but the payment gateway is not configured here: refund it by hand',
    );
    return 'FAILED';
  }
  let refundRef: string;
  try {
    ({ refundRef } = await gateway.refund({
      paymentHash: payment.hash,
      providerRef: payment.providerRef,
      amountCents: payment.amountCents,
      currency: payment.currency,
      reason,
      idempotencyKey: refundKey(payment.hash),
    }));
  } catch (error) {
    log.error(
      { err: error, payment: payment.id, order: payment.orderId, gateway: payment.gateway },
      'refund failed: the payment stays REFUND_REQUIRED',
    );
    return 'FAILED';
  }
  await db
    .update(payments)
    .set({ status: 'REFUNDED', refundRef, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'REFUND_REQUIRED')));
  log.warn(
    { payment: payment.id, order: payment.orderId, gateway: payment.gateway, refund: refundRef },
    'payment refunded',
  );
  return 'REFUNDED';
}
