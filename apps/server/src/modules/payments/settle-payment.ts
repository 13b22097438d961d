import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema.ts';
import type { PaymentOutcome } from '../../payments/gateway.ts';
import { issueTickets } from '../../tickets/issue-tickets.ts';
import { moveBooking } from '../rebook/move-booking.ts';
import { issueRebookSecret } from '../rebook/order-secret.ts';
import { lockRebookTarget, rebookingGone } from '../rebook/settle-rebooking.ts';
import { confirmPaidOrder } from './confirm-paid-order.ts';

export type SettleResult =
  /** The order became PAID now, with its tickets: send them. */
  | { kind: 'PAID'; orderId: number }
  /** Paid after its seats (or its expired discounts) were taken by others: the payment must be refunded. */
  | { kind: 'REFUND_REQUIRED'; orderId: number; paymentId: number }
  /** A second payment of an order another payment settled already: this one must be refunded. */
  | { kind: 'DOUBLE_PAYMENT'; orderId: number; paymentId: number }
  /** Nothing about the order changed (already settled, or a failure recorded on the payment). */
  | { kind: 'UNCHANGED'; orderId: number }
  /** The provider's event was handled before. */
  | { kind: 'DUPLICATE' }
  | { kind: 'UNKNOWN_PAYMENT' };

function paymentMatch(outcome: PaymentOutcome): SQL {
  return 'hash' in outcome.payment
    ? eq(payments.hash, outcome.payment.hash)
    : eq(payments.providerRef, outcome.payment.providerRef);
}

/**
 * Applies what a gateway reports, in one transaction: the event id is
 * recorded first (a replay finds it and changes nothing), then the order's
 * row is locked so concurrent reports and the expiry sweeper take turns.
 * PAID confirms the seats (and spends again the discounts of an order the
 * sweeper expired), marks payment and order paid and writes the tickets; a
 * payment whose seats or discounts are gone marks order and payment
 * REFUND_REQUIRED, and so does a second payment of a settled order. A
 * rebooking's payment moves the old booking (decision 0040), or needs a
 * refund when that booking was moved or withdrawn meanwhile.
 * FAILED, CANCELLED and EXPIRED only close an open payment: the order keeps
 * its hold, so the visitor can pay again until it expires.
 */
export async function settlePayment(
  db: Db,
  gateways: readonly string[],
  outcome: PaymentOutcome,
  now: Date,
): Promise<SettleResult> {
  return db.transaction(async (tx): Promise<SettleResult> => {
    if (outcome.eventId) {
      const provider = gateways[0] ?? 'unknown';
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider, eventId: outcome.eventId, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { kind: 'DUPLICATE' };
    }
    const [found] = await tx
      .select({ payment: payments, rebookOf: orders.rebookOfOrderId, credit: orders.rebookCreditCents })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(paymentMatch(outcome), inArray(payments.gateway, [...gateways])))
      .limit(1);
    if (!found) return { kind: 'UNKNOWN_PAYMENT' };
    const { payment } = found;
    // A rebooking's old order is locked before the order itself (decision 0040's lock order).
    const rebook = await lockRebookTarget(tx, found, now);
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) return { kind: 'UNKNOWN_PAYMENT' };
    const orderId = order.id;
    const closePayment = (status: typeof payment.status) =>
      tx.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, payment.id));

    if (outcome.status !== 'PAID') {
      if (payment.status === 'OPEN') await closePayment(outcome.status);
      return { kind: 'UNCHANGED', orderId };
    }
    if (order.status === 'PAID' || order.status === 'REFUND_REQUIRED') {
      // This payment already counted (a replay without event id), or another one settled the order: refund this one.
      if (
        payment.status === 'PAID' ||
        payment.status === 'REFUND_REQUIRED' ||
        payment.status === 'REFUNDED'
      ) {
        return { kind: 'UNCHANGED', orderId };
      }
      await closePayment('REFUND_REQUIRED');
      return { kind: 'DOUBLE_PAYMENT', orderId, paymentId: payment.id };
    }
    if (await rebookingGone(tx, order, rebook)) {
      await closePayment('REFUND_REQUIRED');
      return { kind: 'REFUND_REQUIRED', orderId, paymentId: payment.id };
    }
    if (!(await confirmPaidOrder(tx, order, now))) {
      await closePayment('REFUND_REQUIRED');
      await tx
        .update(orders)
        .set({ status: 'REFUND_REQUIRED', expiresAt: null })
        .where(eq(orders.id, orderId));
      return { kind: 'REFUND_REQUIRED', orderId, paymentId: payment.id };
    }
    await closePayment('PAID');
    await tx
      .update(orders)
      .set({ status: 'PAID', paidAt: now, expiresAt: null })
      .where(eq(orders.id, orderId));
    await issueTickets(tx, orderId);
    // The rebooking holds now: the old booking moves in this transaction (0040); the order gets its own link.
    if (rebook) await moveBooking(tx, rebook.oldOrderId, now);
    if (order.kind === 'PRODUCT') await issueRebookSecret(tx, orderId);
    return { kind: 'PAID', orderId };
  });
}
