import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { issuedVouchers, orders, organisations, payments, tickets } from '../../db/schema.ts';
import type { OrderKinds } from '../../engine/order-kind.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';
import { secretToken } from '../../lib/secrets.ts';
import { findStaffOrder } from './staff-order-row.ts';

export interface MarkPaidRequest {
  organisationId: number;
  number: string;
  /** The bank transfer's reference, if staff have it. */
  reference?: string | undefined;
  actor: AuditActor;
  currency: string;
  baseUrl: string;
  now: Date;
}

/** The gateway name of a payment staff recorded by hand for an invoice (decision 0233). */
export const INVOICE_GATEWAY = 'invoice';

/**
 * An invoiced order's invoice was paid (decision 0233): under the order's
 * lock it becomes PAID (paid_at now), a PAID payment of the invoiced amount
 * is recorded (gateway "invoice", the bank reference as its provider id),
 * and what the order gives is fulfilled now if the shop held it back until
 * payment (organisations.invoice_tickets false). One transaction with its
 * audit entry; a second call answers 409 ORDER_NOT_INVOICED.
 */
export async function markInvoicePaid(db: Db, kinds: OrderKinds, request: MarkPaidRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await findStaffOrder(tx, request.organisationId, request.number, true);
    if (order.status !== 'INVOICED') {
      throw new AppError(409, 'ORDER_NOT_INVOICED', 'Only an order on invoice can be marked paid');
    }
    const invoicedCents = order.subtotalCents - order.discountCents + order.additionsCents;
    await tx
      .update(orders)
      .set({ status: 'PAID', paidAt: request.now, expiresAt: null })
      .where(eq(orders.id, order.id));
    await tx.insert(payments).values({
      orderId: order.id,
      gateway: INVOICE_GATEWAY,
      type: 'CUSTOM',
      hash: secretToken(),
      providerRef: request.reference || null,
      status: 'PAID',
      amountCents: invoicedCents,
      currency: request.currency,
      createdAt: request.now,
      updatedAt: request.now,
    });
    const [shop] = await tx
      .select({ invoiceTickets: organisations.invoiceTickets })
      .from(organisations)
      .where(eq(organisations.id, order.organisationId));
    const [ticketRows] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.orderId, order.id));
    const [codeRows] = await tx
      .select({ n: count() })
      .from(issuedVouchers)
      .where(eq(issuedVouchers.orderId, order.id));
    const fulfilled =
      order.kind === 'SUBSCRIPTION'
        ? shop?.invoiceTickets === true
        : (ticketRows?.n ?? 0) + (codeRows?.n ?? 0) > 0;
    if (!fulfilled) {
      await kinds[order.kind].fulfil(
        tx,
        { id: order.id, organisationId: order.organisationId, kind: order.kind },
        { now: request.now, baseUrl: request.baseUrl },
      );
    }
    await appendAudit(tx, {
      organisationId: order.organisationId,
      actor: request.actor,
      action: 'order.mark_paid',
      orderId: order.id,
      before: { status: 'INVOICED' },
      after: { status: 'PAID', ...(request.reference ? { reference: request.reference } : {}) },
      amountCents: invoicedCents,
    });
  });
}
