import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { issuedVouchers, payments, refunds, type RefundLine } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { configuredGateway, type Gateways } from '../../payments/gateways.ts';
import { refundErrors } from './refund-errors.ts';

type RefundRow = typeof refunds.$inferSelect;

/** A refund as staff see it (the order page, the cancel answer). */
export interface RefundView {
  id: number;
  amountCents: number;
  method: RefundRow['method'];
  status: RefundRow['status'];
  gateway: string | null;
  providerRef: string | null;
  /** Method voucher: the gift voucher's code. */
  voucherCode: string | null;
  actor: string;
  reason: string | null;
  lines: RefundLine[];
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export function refundView(row: RefundRow, voucherCode: string | null = null): RefundView {
  return {
    id: row.id,
    amountCents: row.amountCents,
    method: row.method,
    status: row.status,
    gateway: row.gateway,
    providerRef: row.providerRef,
    voucherCode,
    actor: row.actor,
    reason: row.reason,
    lines: row.lines,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The refunds of an order, oldest first, with their voucher codes (for the order page). */
export async function orderRefunds(db: Db, orderId: number): Promise<RefundView[]> {
  const rows = await db
    .select({ refund: refunds, code: issuedVouchers.code })
    .from(refunds)
    .leftJoin(issuedVouchers, eq(issuedVouchers.id, refunds.issuedVoucherId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));
  return rows.map((row) => refundView(row.refund, row.code));
}

function shortError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/**
 * Makes a pending (or failed) refund at the gateway that took the payment,
 * after the cancellation committed (decision 0237): always with the
 * refund's own idempotency key, so a retry, a crash in between or two
 * retries at once make one refund at the provider. Answers the refund as it
 * then stands: `succeeded` with the provider's id, or `failed` with why.
 */
export async function settleRefund(
  deps: { db: Db; gateways: Gateways; log: FastifyBaseLogger },
  refundId: number,
  now: Date,
): Promise<RefundView> {
  const { db, log } = deps;
  const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw refundErrors.refundNotFound();
  if (refund.status === 'succeeded') return refundView(refund);
  const [payment] = refund.paymentId
    ? await db.select().from(payments).where(eq(payments.id, refund.paymentId))
    : [];
  const gateway = payment ? configuredGateway(deps.gateways, payment.gateway) : null;
  let outcome: Partial<RefundRow>;
  if (!payment || !gateway) {
    outcome = {
      status: 'failed',
      lastError: 'the payment gateway is not configured here: refund it by hand',
    };
  } else {
    try {
      const { refundRef } = await gateway.refund({
        paymentHash: payment.hash,
        providerRef: payment.providerRef,
        amountCents: refund.amountCents,
        currency: payment.currency,
        reason: 'CANCELLED',
        idempotencyKey: refund.idempotencyKey,
      });
      outcome = { status: 'succeeded', providerRef: refundRef, lastError: null };
    } catch (error) {
      log.error(
        { err: error, refund: refund.id, order: refund.orderId },
        'refund failed: it stays failed for a retry',
      );
      outcome = { status: 'failed', lastError: shortError(error) };
    }
  }
  const [updated] = await db
    .update(refunds)
    .set({ ...outcome, attempts: refund.attempts + 1, updatedAt: now })
    .where(and(eq(refunds.id, refund.id), ne(refunds.status, 'succeeded')))
    .returning();
  if (updated) return refundView(updated);
  const [current] = await db.select().from(refunds).where(eq(refunds.id, refund.id));
  return refundView(current!);
}

/**
 * Tries a failed refund of the shop again (staff's retry); anything but
 * failed is refused. The attempt and its outcome are audited (refund.retry).
 */
export async function retryRefund(
  deps: { db: Db; gateways: Gateways; log: FastifyBaseLogger },
  organisationId: number,
  refundId: number,
  now: Date,
  actor: AuditActor,
): Promise<RefundView> {
  const [refund] = await deps.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.organisationId, organisationId)));
  if (!refund) throw refundErrors.refundNotFound();
  if (refund.status !== 'failed') throw refundErrors.refundNotFailed(refund.status);
  const settled = await settleRefund(deps, refund.id, now);
  await appendAudit(deps.db, {
    organisationId,
    actor,
    action: 'refund.retry',
    orderId: refund.orderId,
    subject: `refund ${refund.id}`,
    before: { status: refund.status },
    after: { status: settled.status },
    amountCents: refund.amountCents,
  });
  return settled;
}

/** The refunds of the shop's orders still failed (for a list of what to look at). */
export async function failedRefunds(db: Db, organisationId: number): Promise<RefundView[]> {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.organisationId, organisationId), inArray(refunds.status, ['failed'])))
    .orderBy(asc(refunds.id));
  return rows.map((row) => refundView(row));
}
