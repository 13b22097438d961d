import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import type { RefundRequest } from '../../payments/gateway.ts';
import { configuredGateway, type Gateways } from '../../payments/gateways.ts';

export interface RefundContext {
  db: Db;
  gateways: Gateways;
  log: FastifyBaseLogger;
}

type RefundResult = 'REFUNDED' | 'NOT_REQUIRED' | 'FAILED';

/** The provider's idempotency key for a payment's refund: one refund per payment, however often asked. */
export function refundKey(paymentHash: string): string {
  return `kassa-refund-${paymentHash}`;
}

/**
 * Gives the money of a payment flagged REFUND_REQUIRED back through the
 * gateway that took it (decision 0020), after the settlement has committed, and
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
  const gateway = configuredGateway(context.gateways, payment.gateway);
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

/** A payment whose refund failed is tried again this long after its last attempt. */
export const REFUND_RETRY_AFTER_MS = 10 * 60_000;
/** Payments tried per run, so one run stays short. */
const RETRY_BATCH = 20;

/**
 * Tries again the refunds that failed (a provider outage, a timeout): every
 * payment still REFUND_REQUIRED whose last attempt is REFUND_RETRY_AFTER_MS
 * old, oldest first. A failed attempt moves the payment's updated_at, so
 * each is tried (and logged) once per interval until it goes through or
 * staff refund it by hand. The same idempotency key as the first attempt,
 * so a refund that went through without being recorded is answered again,
 * not made twice. Run by the expiry sweeper's timer. Answers how many were
 * refunded.
 */
export async function retryRefunds(context: RefundContext, now: Date): Promise<number> {
  const due = await context.db
    .select({ id: payments.id, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.status, 'REFUND_REQUIRED'),
        lte(payments.updatedAt, new Date(now.getTime() - REFUND_RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(payments.updatedAt))
    .limit(RETRY_BATCH);
  let refunded = 0;
  for (const payment of due) {
    // A payment to refund on a paid order is a second payment of it.
    const reason = payment.orderStatus === 'PAID' ? 'DUPLICATE' : 'NOT_BOOKED';
    const result = await refundPayment(context, payment.id, reason);
    if (result === 'REFUNDED') refunded += 1;
    if (result === 'FAILED') {
      await context.db
        .update(payments)
        .set({ updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'REFUND_REQUIRED')));
    }
  }
  return refunded;
}
