import type { CancelRequest } from '@kassa/domain/contract/staff-refunds';
import { and, eq } from 'drizzle-orm';
import { staffRequests } from '../../db/schema.ts';
import {
  cancelOrderItems,
  type CancellationAnswer,
  type RefundDeps,
} from '../../engine/refunds/cancel-order-items.ts';
import { appendAudit, type AuditActor } from '../../lib/audit-log.ts';
import { AppError } from '../../lib/errors.ts';

export const requestErrors = {
  notFound: () => new AppError(404, 'REQUEST_NOT_FOUND', 'No such request'),
  decided: () => new AppError(409, 'REQUEST_DECIDED', 'This request has already been answered'),
  notLinked: () =>
    new AppError(
      409,
      'REQUEST_NOT_LINKED',
      'This request names no order of the shop with that e-mail address',
    ),
};

export interface Approval {
  organisationId: number;
  /** The request as the caller read it. */
  request: { id: number; status: string; orderId: number | null; orderReference: string | null };
  staff: { id: number; email: string };
  actor: AuditActor;
  body: CancelRequest;
  now: Date;
}

/**
 * Approves a refund request (decision 0239): claims it first — a conditional
 * update from `open`, so of two approvals at once (two managers) one claims
 * it and the other answers REQUEST_DECIDED rather than cancelling twice —
 * then cancels and refunds through engine/refunds as the cancel route does;
 * a failing cancellation (rolled back) opens the request again.
 */
export async function approveRequest(
  deps: RefundDeps,
  approval: Approval,
  /** Tests only: without the claim two approvals both cancel (the race test's negative control). */
  options: { claim?: boolean } = {},
): Promise<CancellationAnswer> {
  const { db } = deps;
  const { request: row, staff, actor, body, now, organisationId } = approval;
  if (row.status !== 'open') throw requestErrors.decided();
  if (row.orderId === null || row.orderReference === null) throw requestErrors.notLinked();
  if (options.claim ?? true) {
    const claimed = await db
      .update(staffRequests)
      .set({ status: 'approved', decidedByStaffUserId: staff.id, decidedBy: staff.email, decidedAt: now })
      .where(and(eq(staffRequests.id, row.id), eq(staffRequests.status, 'open')))
      .returning({ id: staffRequests.id });
    if (claimed.length === 0) throw requestErrors.decided();
  }
  let answer: CancellationAnswer;
  try {
    answer = await cancelOrderItems(deps, {
      organisationId,
      orderReference: row.orderReference,
      choice: { tickets: body.tickets, lines: body.lines, method: body.refund },
      reason: body.reason ?? `request ${row.id}`,
      actor,
      now,
    });
  } catch (error) {
    // Nothing was cancelled (its transaction rolled back): the request is open again.
    await db
      .update(staffRequests)
      .set({ status: 'open', decidedByStaffUserId: null, decidedBy: null, decidedAt: null })
      .where(eq(staffRequests.id, row.id));
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(staffRequests)
      .set({ refundId: answer.refund?.id ?? null, answer: body.reason ?? null })
      .where(eq(staffRequests.id, row.id));
    await appendAudit(tx, {
      organisationId,
      actor,
      action: 'request.approve',
      orderId: row.orderId,
      subject: `request ${row.id}`,
      before: { status: 'open' },
      after: { status: 'approved', refund: body.refund },
      amountCents: answer.amountCents,
    });
  });
  return answer;
}
