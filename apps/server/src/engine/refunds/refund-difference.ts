import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema.ts';
import type { AuditActor } from '../../lib/audit-log.ts';
import { secretToken } from '../../lib/secrets.ts';
import { creditTicketLines } from '../documents/issue-credit-note.ts';

export interface DifferenceRefund {
  organisationId: number;
  /** The order whose payment gives the money back (a moved booking: the order it replaced). */
  orderId: number;
  amountCents: number;
  actor: AuditActor;
  reason: string;
  now: Date;
}

/**
 * Records, in the caller's transaction, a refund of part of what an order's
 * payment took without cancelling any of its lines — the price difference
 * when staff move a booking to a cheaper time (decision 0247). The refund
 * goes back to the order's paid payment, capped at what that payment has
 * left after earlier refunds; `pending` until `settleRefund` makes it at
 * the gateway after the commit, as a cancellation's refund (decision 0237).
 * A credit note for it is issued on the order's invoice in the same
 * transaction (decision 0242), spread over its ticket lines.
 * Null when nothing can go back online (no payment, or it is refunded
 * already): the caller says so.
 */
export async function recordDifferenceRefund(
  tx: Tx,
  input: DifferenceRefund,
): Promise<typeof refunds.$inferSelect | null> {
  if (input.amountCents <= 0) return null;
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, input.orderId), eq(payments.status, 'PAID')))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) return null;
  const [before] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.method, 'original')));
  const amountCents = Math.min(input.amountCents, payment.amountCents - (before?.cents ?? 0));
  if (amountCents <= 0) return null;
  const { actor } = input;
  const [refund] = await tx
    .insert(refunds)
    .values({
      organisationId: input.organisationId,
      orderId: input.orderId,
      paymentId: payment.id,
      amountCents,
      method: 'original',
      status: 'pending',
      gateway: payment.gateway,
      idempotencyKey: `kassa-refund-${secretToken()}`,
      staffUserId: actor.kind === 'staff' ? actor.staffUserId : null,
      actor: actor.kind === 'staff' ? actor.email : actor.kind,
      reason: input.reason,
      lines: [],
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  // Every refund has its credit note against the invoice (decisions 0242, 0249): the moved tickets' share.
  await creditTicketLines(tx, {
    organisationId: input.organisationId,
    orderId: input.orderId,
    refundId: refund!.id,
    cents: amountCents,
    issuedAt: input.now,
  });
  return refund!;
}
