import type { Payment } from '@kassa/domain/contract/orders';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { organisations, payments } from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import { noTransaction } from '../orders/order-answer.ts';
import type { OrderRow } from './find-order.ts';
import { handOffPayment, type HandOffContext } from './hand-off.ts';
import { paymentErrors } from './payment-errors.ts';
import { settleOutcome } from './settle-outcome.ts';
import { usableGateway } from './shop-gateway.ts';

/** The gateway of a payment with nothing to pay online (a free reservation confirmed): no provider. */
export const FREE_GATEWAY = 'free';

/** An order can take a (new) payment while it is unpaid and its hold lasts. */
export function isPayable(order: OrderRow, now: Date): boolean {
  return (
    (order.status === 'PENDING' || order.status === 'RESERVED') &&
    order.expiresAt !== null &&
    order.expiresAt > now
  );
}

/**
 * GET /api/payment/{hash} (spec §7): the payment to hand off for a
 * reservation, or for an order being paid again after a failed or
 * cancelled attempt. An open payment already handed off is answered again;
 * otherwise a new one is created for the order's total. A paid order
 * answers transaction false (straight to the return page).
 */
export async function paymentForOrder(context: HandOffContext, order: OrderRow, now: Date): Promise<Payment> {
  const { db } = context;
  if (order.status === 'PAID' || order.status === 'INVOICED') return noTransaction(order.hash);
  if (!isPayable(order, now)) throw paymentErrors.orderNotPayable(order.status);
  const [open] = await db
    .select({ hash: payments.hash })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'OPEN'), isNotNull(payments.response)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open) return handOffPayment(context, open.hash);
  const [organisation] = await db
    .select({ currency: organisations.currency, gateway: organisations.paymentGateway })
    .from(organisations)
    .where(eq(organisations.id, order.organisationId));
  const free = order.totalCents === 0;
  // Written with the gateway it will go through: the shop's, refused here when it cannot be used.
  const gateway = free
    ? FREE_GATEWAY
    : usableGateway(context.gateways, organisation!.gateway, context.log).name;
  const hash = secretToken();
  await db.insert(payments).values({
    orderId: order.id,
    gateway,
    type: 'REDIRECT',
    hash,
    amountCents: order.totalCents,
    currency: organisation!.currency,
  });
  if (free) {
    // A free reservation has nothing to pay online: confirming it is paying it.
    await settleOutcome(context, [FREE_GATEWAY], { status: 'PAID', payment: { hash } }, now);
    return noTransaction(order.hash);
  }
  return handOffPayment(context, hash);
}
