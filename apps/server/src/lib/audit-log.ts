import type { Tx, Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Who did it: a staff member (id and e-mail as they were), a visitor, or Kassa itself. */
export type AuditActor =
  | { kind: 'staff'; staffUserId: number; email: string }
  | { kind: 'visitor' }
  | { kind: 'system' };

export interface AuditEntry {
  organisationId: number;
  actor: AuditActor;
  /** Dotted and stable, read by people and filters: order.cancel, staff.add, slot.close, … */
  action: string;
  orderId?: number | null;
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  amountCents?: number | null;
}

/**
 * Appends one line to the audit log on the caller's transaction, so the
 * record exists if and only if the change it records was committed.
 */
export async function appendAudit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await tx.insert(auditLog).values({
    organisationId: entry.organisationId,
    staffUserId: actor.kind === 'staff' ? actor.staffUserId : null,
    actor: actor.kind === 'staff' ? actor.email : actor.kind,
    action: entry.action,
    orderId: entry.orderId ?? null,
    subject: entry.subject ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    amountCents: entry.amountCents ?? null,
  });
}
