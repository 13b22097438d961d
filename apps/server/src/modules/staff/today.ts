import type { Today } from '@kassa/domain/contract/staff';
import { formatOrderReference } from '@kassa/domain/rules/order-reference';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  admissions,
  capacityHolds,
  orderLines,
  orders,
  plots,
  products,
  staffUsers,
  tickets,
} from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { zonedNow } from '../availability/zoned-clock.ts';
import { shortTime, standingAdmission } from './ticket-details.ts';

function seats(status: 'PAID' | 'RESERVED' | 'PENDING', now: Date) {
  const live = status === 'PAID' ? sql`true` : gt(capacityHolds.expiresAt, now);
  return sql<number>`coalesce((select sum(${capacityHolds.quantity}) from ${capacityHolds}
    where ${capacityHolds.plotId} = ${plots.id} and ${capacityHolds.status} = ${status} and ${live}), 0)::int`;
}

/**
 * /staff/today: the shop's plots of today (its own zone) with capacity, seats
 * sold (paid), reserved (reservations and unpaid orders still holding) and
 * tickets admitted, plus the tickets offline scanners let in twice today.
 */
export async function loadToday(db: Db, ctx: ShopContext, now: Date): Promise<Today> {
  const day = zonedNow(now, ctx.organisation.timeZone).date;
  const admitted = sql<number>`(select count(*) from ${admissions}
    inner join ${tickets} on ${tickets.id} = ${admissions.ticketId}
    inner join ${orderLines} on ${orderLines.id} = ${tickets.orderLineId}
    where ${orderLines.plotId} = ${plots.id} and ${admissions.undoneAt} is null
      and ${admissions.duplicateOf} is null)::int`;
  const rows = await db
    .select({
      plot: plots.id,
      product: products.title,
      start: plots.startTime,
      end: plots.endTime,
      capacity: plots.capacity,
      sold: seats('PAID', now),
      reserved: sql<number>`${seats('RESERVED', now)} + ${seats('PENDING', now)}`,
      admitted,
    })
    .from(plots)
    .innerJoin(products, eq(products.id, plots.productId))
    .where(and(eq(products.organisationId, ctx.organisation.id), eq(plots.date, day)))
    .orderBy(asc(plots.startTime), asc(products.sort), asc(products.id));
  const duplicates = await db
    .select({
      product: products.title,
      reference: orders.reference,
      at: admissions.offlineAt,
      scannedAt: admissions.scannedAt,
      name: staffUsers.name,
      email: staffUsers.email,
    })
    .from(admissions)
    .innerJoin(tickets, eq(tickets.id, admissions.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(staffUsers, eq(staffUsers.id, admissions.staffUserId))
    .where(
      and(
        eq(admissions.organisationId, ctx.organisation.id),
        eq(admissions.day, day),
        isNotNull(admissions.duplicateOf),
      ),
    )
    .orderBy(asc(admissions.id));
  return {
    day,
    plots: rows.map((row) => ({
      ...row,
      product: ctx.text(row.product),
      start: shortTime(row.start),
      end: shortTime(row.end),
    })),
    duplicates: duplicates.map((row) => ({
      product: ctx.text(row.product),
      order: formatOrderReference(row.reference),
      at: (row.at ?? row.scannedAt).toISOString(),
      by: row.name || row.email || '—',
    })),
  };
}

/** Standing admissions of the given tickets (for search answers). */
export async function admissionTimes(db: Db, ticketIds: string[]): Promise<Map<string, Date>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: admissions.ticketId, at: admissions.scannedAt, offlineAt: admissions.offlineAt })
    .from(admissions)
    .where(and(inArray(admissions.ticketId, ticketIds), standingAdmission));
  return new Map(rows.map((row) => [row.ticketId!, row.offlineAt ?? row.at]));
}
