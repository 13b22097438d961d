import type { Payment } from '@kassa/domain/contract/orders';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { organisations, payments } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mail-message.ts';
import { secretToken } from '../../lib/secrets.ts';
import { noTransaction } from '../orders/order-answer.ts';
import type { OrderRow } from './find-order.ts';
import { handOffPayment, type HandOffContext } from './hand-off.ts';
import { paymentErrors } from './payment-errors.ts';
import { afterSettle } from './after-settle.ts';
import { settlePayment } from './settle-payment.ts';

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
export async function paymentForOrder(
  context: HandOffContext & { mailer: Mailer },
  order: OrderRow,
  now: Date,
): Promise<Payment> {
  const { db } = context;
  if (order.status === 'PAID') return noTransaction(order.hash);
  if (!isPayable(order, now)) throw paymentErrors.orderNotPayable(order.status);
  const [open] = await db
    .select({ hash: payments.hash })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'OPEN'), isNotNull(payments.response)))
    .orderBy(desc(payments.id))
    .limit(1);
  if (open) return handOffPayment(context, open.hash);
  const [organisation] = await db
    .select({ currency: organisations.currency })
    .from(organisations)
    .where(eq(organisations.id, order.organisationId));
  const hash = secretToken();
  await db.insert(payments).values({
    orderId: order.id,
    gateway: 'test',
    type: 'REDIRECT',
    hash,
    amountCents: order.totalCents,
    currency: organisation?.currency ?? 'EUR',
  });
  if (order.totalCents === 0) {
    // A free reservation has nothing to pay online: confirming it is paying it.
    const result = await settlePayment(db, ['test'], { status: 'PAID', payment: { hash } }, now);
    await afterSettle(context, result);
    return noTransaction(order.hash);
  }
  return handOffPayment(context, hash);
}
