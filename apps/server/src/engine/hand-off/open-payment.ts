import type { Payment } from '@kassa/domain/contract/orders';
import { and, desc, eq } from 'drizzle-orm';
import { orders, organisations, payments } from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';
import { noTransaction } from '../placement/order-answer.ts';
import type { OrderRow } from '../settlement/find-order.ts';
import { handOffPayment, type HandOffContext } from './hand-off.ts';
import { paymentErrors } from './payment-errors.ts';
import { settleOutcome, type SettleContext } from '../settlement/settle-outcome.ts';
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

/** What the payment step decided under the order's lock. */
type Decision =
  { kind: 'HAND_OFF'; hash: string } | { kind: 'FREE'; hash: string } | { kind: 'CLOSED'; status: string };

/**
 * Under the order's row lock, so concurrent calls take turns: the open
 * payment for the order's current total if there is one (a later call
 * finds what an earlier one wrote), else a new one written with the
 * gateway it will go through (the shop's, refused when it cannot be used).
 * A payment for another amount (the reservation's codes changed) is not
 * reused: changing the codes closed it.
 */
async function openPayment(context: HandOffContext, orderId: number, now: Date): Promise<Decision> {
  return context.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !isPayable(order, now)) return { kind: 'CLOSED', status: order?.status ?? 'UNKNOWN' };
    const [open] = await tx
      .select({ hash: payments.hash })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          eq(payments.status, 'OPEN'),
          eq(payments.amountCents, order.totalCents),
        ),
      )
      .orderBy(desc(payments.id))
      .limit(1);
    if (open) return { kind: 'HAND_OFF', hash: open.hash };
    const [organisation] = await tx
      .select({ currency: organisations.currency, gateway: organisations.paymentGateway })
      .from(organisations)
      .where(eq(organisations.id, order.organisationId));
    const free = order.totalCents === 0;
    const gateway = free
      ? FREE_GATEWAY
      : usableGateway(context.gateways, organisation!.gateway, context.log, organisation!.currency).name;
    const hash = secretToken();
    await tx.insert(payments).values({
      orderId: order.id,
      gateway,
      type: 'REDIRECT',
      hash,
      amountCents: order.totalCents,
      currency: organisation!.currency,
    });
    return { kind: free ? 'FREE' : 'HAND_OFF', hash };
  });
}

/**
 * GET /api/payment/{hash} (docs/storefront.md §7.2): the payment to hand off
 * for a reservation, or for an order being paid again after a failed or
 * cancelled attempt. A GET that is safe to repeat: the open payment is answered
 * again (handed off once, its answer stored), and a new one is created at most
 * once however many calls race (openPayment). A paid order answers transaction
 * false (straight to the return page).
 */
export async function paymentForOrder(context: SettleContext, order: OrderRow, now: Date): Promise<Payment> {
  if (order.status === 'PAID' || order.status === 'INVOICED') return noTransaction(order.hash);
  if (!isPayable(order, now)) throw paymentErrors.orderNotPayable(order.status);
  const decision = await openPayment(context, order.id, now);
  if (decision.kind === 'CLOSED') {
    // Paid by a call that held the lock first: the return page tells.
    if (decision.status === 'PAID' || decision.status === 'INVOICED') return noTransaction(order.hash);
    throw paymentErrors.orderNotPayable(decision.status);
  }
  if (decision.kind === 'FREE') {
    // A free reservation has nothing to pay online: confirming it is paying it.
    await settleOutcome(context, [FREE_GATEWAY], { status: 'PAID', payment: { hash: decision.hash } }, now);
    return noTransaction(order.hash);
  }
  return handOffPayment(context, decision.hash);
}
