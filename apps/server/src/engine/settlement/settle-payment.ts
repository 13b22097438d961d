import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, organisations, paymentEvents, payments } from '../../db/schema.ts';
import type { PaymentOutcome } from '../../payments/gateway.ts';
import type { OrderKinds } from '../order-kind.ts';
import { moveBooking } from '../booking/move-booking.ts';
import { lockRebookTarget, rebookingGone } from './settle-rebooking.ts';
import { endExpiredCheckout } from './checkout-expired.ts';
import { confirmPaidOrder } from './confirm-paid-order.ts';
import { issueInvoice } from '../documents/issue-invoice.ts';

export interface SettleOptions {
  /** The shop's public address, for links in the mails a paid order queues ('' leaves them relative). */
  baseUrl?: string;
  /**
   * Test-only, the negative control of the settlement race test: decide on
   * the payment as read before the order's lock (decision 0052).
   */
  staleRead?: boolean;
  /** Test-only, the negative control of the invoice number race test: number invoices without the counter's lock. */
  invoice?: { unlocked?: boolean };
}

export type SettleResult =
  /** The order became PAID now: its fulfilment (tickets, their mail) is written. */
  | { kind: 'PAID'; orderId: number }
  /** Paid after its seats (or its expired discounts) were taken by others: the payment must be refunded. */
  | { kind: 'REFUND_REQUIRED'; orderId: number; paymentId: number }
  /** A second payment of an order another payment settled already: this one must be refunded. */
  | { kind: 'DOUBLE_PAYMENT'; orderId: number; paymentId: number }
  /** The provider's checkout expired: the unpaid order ended now, its seats and discounts given back. */
  | { kind: 'EXPIRED'; orderId: number }
  /** Nothing about the order changed (already settled, or a failure recorded on the payment). */
  | { kind: 'UNCHANGED'; orderId: number }
  /** The provider's event was handled before. */
  | { kind: 'DUPLICATE' }
  | { kind: 'UNKNOWN_PAYMENT' };

async function issuesInvoiceTickets(tx: Tx, organisationId: number): Promise<boolean> {
  const [row] = await tx
    .select({ invoiceTickets: organisations.invoiceTickets })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.invoiceTickets === true;
}

function paymentMatch(outcome: PaymentOutcome): SQL {
  return 'hash' in outcome.payment
    ? eq(payments.hash, outcome.payment.hash)
    : eq(payments.providerRef, outcome.payment.providerRef);
}

/**
 * Applies what a gateway reports, in one transaction: the event id is
 * recorded first (a replay finds it and changes nothing), then the order's
 * row is locked so concurrent reports and the expiry sweeper take turns,
 * and the payment is read again under that lock: a settlement that waited
 * for the lock sees what the one before it did, so a second settlement of
 * the same payment is a no-op however the reports interleave.
 * PAID confirms the order's stock (its kind's confirmStock: seats, voucher
 * values; and spends again the discounts of an order the sweeper expired),
 * marks payment and order paid and fulfils the order (its kind's fulfil:
 * tickets, passes or codes, and their mail queued in this transaction); a
 * payment whose seats or discounts are gone marks order and payment
 * REFUND_REQUIRED, and so does a second payment of a settled order. A
 * rebooking's payment moves the old booking (decision 0040), or needs a
 * refund when that booking was moved or withdrawn meanwhile.
 * FAILED and CANCELLED only close an open payment: the order keeps its
 * hold, so the visitor can pay again until it expires. EXPIRED (the
 * provider's checkout is gone) also ends a PENDING order with nothing else
 * open, as the sweeper would (endExpiredCheckout).
 */
export async function settlePayment(
  db: Db,
  /** The registered order kinds (wiring/order-kinds.ts): what a paid order confirms and fulfils. */
  kinds: OrderKinds,
  gateways: readonly string[],
  outcome: PaymentOutcome,
  now: Date,
  options: SettleOptions = {},
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
    // A rebooking's old order is locked before the order itself (decision 0040's lock order).
    const rebook = await lockRebookTarget(tx, { ...found, orderId: found.payment.orderId }, now);
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.payment.orderId)).for('update');
    if (!order) return { kind: 'UNKNOWN_PAYMENT' };
    const orderId = order.id;
    // Under the order's lock: what an earlier settlement of this payment wrote is visible now.
    const [payment] = options.staleRead
      ? [found.payment]
      : await tx.select().from(payments).where(eq(payments.id, found.payment.id)).for('update');
    if (!payment) return { kind: 'UNKNOWN_PAYMENT' };
    const closePayment = (status: typeof payment.status) =>
      tx.update(payments).set({ status, updatedAt: now }).where(eq(payments.id, payment.id));

    if (outcome.status !== 'PAID') {
      if (payment.status !== 'OPEN') return { kind: 'UNCHANGED', orderId };
      await closePayment(outcome.status);
      if (outcome.status === 'EXPIRED' && (await endExpiredCheckout(tx, order, now)))
        return { kind: 'EXPIRED', orderId };
      return { kind: 'UNCHANGED', orderId };
    }
    // This payment counted already (a replay, a double click, a webhook racing a return): nothing to do.
    if (payment.status === 'PAID' || payment.status === 'REFUND_REQUIRED' || payment.status === 'REFUNDED') {
      return { kind: 'UNCHANGED', orderId };
    }
    if (order.status === 'PAID' || order.status === 'REFUND_REQUIRED' || order.status === 'INVOICED') {
      // Another payment settled the order (or it is on invoice): this one is money to give back.
      await closePayment('REFUND_REQUIRED');
      return { kind: 'DOUBLE_PAYMENT', orderId, paymentId: payment.id };
    }
    // Handed off for another amount (a reservation's codes changed since): money to give back; the order holds on.
    if (payment.amountCents !== order.totalCents) {
      await closePayment('REFUND_REQUIRED');
      return { kind: 'REFUND_REQUIRED', orderId, paymentId: payment.id };
    }
    if (await rebookingGone(tx, order, rebook)) {
      await closePayment('REFUND_REQUIRED');
      return { kind: 'REFUND_REQUIRED', orderId, paymentId: payment.id };
    }
    const kind = kinds[order.kind];
    if (!(await confirmPaidOrder(tx, order, kind, now))) {
      await closePayment('REFUND_REQUIRED');
      await tx
        .update(orders)
        .set({ status: 'REFUND_REQUIRED', expiresAt: null })
        .where(eq(orders.id, orderId));
      return { kind: 'REFUND_REQUIRED', orderId, paymentId: payment.id };
    }
    await closePayment('PAID');
    // A reservation of a client who orders on invoice is confirmed on invoice (its total is 0).
    const invoiced = order.onInvoice;
    await tx
      .update(orders)
      .set({ status: invoiced ? 'INVOICED' : 'PAID', paidAt: invoiced ? null : now, expiresAt: null })
      .where(eq(orders.id, orderId));
    // The rebooking holds now: the old booking moves in this transaction (0040).
    if (rebook) await moveBooking(tx, rebook.oldOrderId, now);
    if (!invoiced || (await issuesInvoiceTickets(tx, order.organisationId))) {
      await kind.fulfil(tx, order, { now, baseUrl: options.baseUrl ?? '' });
    }
    // Last: the invoice's number is the shop's counter row, locked from here to the commit (decision 0242).
    await issueInvoice(tx, { organisationId: order.organisationId, orderId, issuedAt: now }, options.invoice);
    return { kind: 'PAID', orderId };
  });
}
