import type { AuditEntry } from '@kassa/domain/contract/staff-audit';
import { desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, orders, staffUsers } from '../db/schema.ts';

/** The columns an audit entry is read with: the log row, its order's reference, its staff member's name. */
export const auditEntryColumns = {
  ...getTableColumns(auditLog),
  orderReference: orders.reference,
  staffName: staffUsers.name,
};

/** The audit log joined with what names its order and staff member, filtered by `where`. */
export function auditEntriesQuery(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(auditEntryColumns)
    .from(auditLog)
    .leftJoin(orders, eq(orders.id, auditLog.orderId))
    .leftJoin(staffUsers, eq(staffUsers.id, auditLog.staffUserId))
    .where(where)
    .$dynamic();
}

type AuditRow = Awaited<ReturnType<typeof auditEntriesQuery>>[number];

/** One log row as staff read it (contract/staff-audit.ts): the order by its reference, never its id. */
export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    actor_name: row.staffName || null,
    action: row.action,
    order: row.orderReference ?? null,
    subject: row.subject ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    amount_cents: row.amountCents ?? null,
  };
}

/**
 * An order's audit entries, newest first: what its order page shows.
 * `orderId` is the internal id; the caller has checked it is the shop's.
 */
export async function orderAuditEntries(db: Db | Tx, orderId: number): Promise<AuditEntry[]> {
  const rows = await auditEntriesQuery(db, eq(auditLog.orderId, orderId)).orderBy(
    desc(auditLog.createdAt),
    desc(auditLog.id),
  );
  return rows.map(toAuditEntry);
}
