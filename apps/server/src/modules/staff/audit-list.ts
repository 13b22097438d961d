import { AUDIT_PAGE_SIZE, type AuditPage, type auditQuerySchema } from '@kassa/domain/contract/staff-audit';
import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { addCalendarDays, instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditLog, orders } from '../../db/schema.ts';
import { auditEntriesQuery, toAuditEntry } from '../../lib/audit-entries.ts';
import type { ShopContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';

type AuditFilters = z.output<typeof auditQuerySchema>;

/** The start of a shop date, as an instant (the shop's zone; a missing midnight is read as its clocks do). */
function startOfShopDay(date: string, timeZone: string): Date {
  return new Date(instantOfWallClock(date, '00:00', timeZone));
}

/** The filters as one condition; the order filter needs the orders join of auditEntriesQuery. */
function auditWhere(organisationId: number, filters: AuditFilters, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditLog.organisationId, organisationId)];
  if (filters.action) {
    // An action or the group it heads: "staff" finds staff.add and staff.change, not "staffing".
    const group = `${filters.action.replaceAll('_', '\\_')}.%`;
    conditions.push(or(eq(auditLog.action, filters.action), like(auditLog.action, group)));
  }
  if (filters.staff !== undefined) conditions.push(eq(auditLog.staffUserId, filters.staff));
  if (filters.order) {
    const reference = parseOrderReference(filters.order);
    if (reference === undefined) {
      throw new AppError(400, 'ORDER_REFERENCE_INVALID', 'This is not an order number');
    }
    conditions.push(eq(orders.reference, reference));
  }
  if (filters.from) conditions.push(gte(auditLog.createdAt, startOfShopDay(filters.from, timeZone)));
  if (filters.to) {
    conditions.push(lt(auditLog.createdAt, startOfShopDay(addCalendarDays(filters.to, 1), timeZone)));
  }
  return and(...conditions);
}

/** One page of the shop's audit log, newest first, with the number of entries the filters match. */
export async function listAudit(db: Db, ctx: ShopContext, filters: AuditFilters): Promise<AuditPage> {
  const { id: organisationId, timeZone } = ctx.organisation;
  const where = auditWhere(organisationId, filters, timeZone);
  const rows = await auditEntriesQuery(db, where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  const [matched] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(orders, eq(orders.id, auditLog.orderId))
    .where(where);
  const actions = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.organisationId, organisationId));
  return {
    entries: rows.map(toAuditEntry),
    page: filters.page,
    page_size: AUDIT_PAGE_SIZE,
    total: matched?.total ?? 0,
    // Sorted here: the same order whatever the database's collation.
    actions: actions.map((row) => row.action).sort(),
  };
}
