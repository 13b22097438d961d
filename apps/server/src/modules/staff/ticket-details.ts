import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ScannedTicket } from '@kassa/domain/contract/staff';
import type { Db } from '../../db/client.ts';
import {
  admissions,
  audiences,
  orderLines,
  orders,
  plots,
  products,
  tickets,
  upsells,
} from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';

/** HH:MM:SS → HH:MM; null stays null. */
export function shortTime(time: string | null): string | null {
  return time ? time.slice(0, 5) : null;
}

/** Counts the ticket's standing admission (not undone, not an offline duplicate). */
export const standingAdmission = and(isNull(admissions.undoneAt), isNull(admissions.duplicateOf));

export interface TicketDetails extends ScannedTicket {
  ticketId: string;
  secret: string;
  orderStatus: string;
  admitted: boolean;
}

/**
 * What staff see of tickets (product, slot, audience, the order's extras and
 * how many of its tickets are in), for the tickets matching `where`, in the
 * request's language. Three queries however many tickets.
 */
export async function loadTicketDetails(db: Db, ctx: ShopContext, where: SQL): Promise<TicketDetails[]> {
  const rows = await db
    .select({
      ticketId: tickets.id,
      secret: tickets.secret,
      orderId: orders.id,
      orderStatus: orders.status,
      itemIndex: orderLines.itemIndex,
      product: products.title,
      audience: audiences.name,
      date: plots.date,
      start: plots.startTime,
      end: plots.endTime,
      admitted: sql<boolean>`exists (select 1 from ${admissions} where ${admissions.ticketId} = ${tickets.id}
        and ${admissions.undoneAt} is null and ${admissions.duplicateOf} is null)`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(plots, eq(plots.id, orderLines.plotId))
    .leftJoin(audiences, eq(audiences.id, orderLines.audienceId))
    .where(and(eq(orders.organisationId, ctx.organisation.id), where))
    .orderBy(asc(orders.id), asc(orderLines.id), asc(tickets.createdAt), asc(tickets.id));
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const [extras, counts] = await Promise.all([
    db
      .select({
        orderId: orderLines.orderId,
        itemIndex: orderLines.itemIndex,
        title: upsells.title,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .innerJoin(upsells, eq(upsells.id, orderLines.upsellId))
      .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.kind, 'UPSELL')))
      .orderBy(asc(orderLines.id)),
    db
      .select({
        orderId: tickets.orderId,
        total: count(tickets.id),
        admitted: count(admissions.id),
      })
      .from(tickets)
      .leftJoin(admissions, and(eq(admissions.ticketId, tickets.id), standingAdmission))
      .where(inArray(tickets.orderId, orderIds))
      .groupBy(tickets.orderId),
  ]);
  return rows.map((row) => {
    const tally = counts.find((c) => c.orderId === row.orderId);
    return {
      ticketId: row.ticketId,
      secret: row.secret,
      orderStatus: row.orderStatus,
      admitted: row.admitted,
      order: row.orderId,
      product: ctx.text(row.product),
      audience: row.audience ? ctx.text(row.audience) : null,
      date: row.date,
      start: shortTime(row.start),
      end: shortTime(row.end),
      upsells: extras
        .filter(
          (extra) => extra.orderId === row.orderId && extra.itemIndex === row.itemIndex && extra.quantity > 0,
        )
        .map((extra) => ({ title: ctx.text(extra.title), quantity: extra.quantity })),
      order_admitted: tally?.admitted ?? 0,
      order_tickets: tally?.total ?? 0,
    };
  });
}

/** ScannedTicket as the wire carries it (no secret, no ids). */
export function ticketAnswer(details: TicketDetails): ScannedTicket {
  const {
    order,
    product,
    audience,
    date,
    start,
    end,
    upsells: extras,
    order_admitted,
    order_tickets,
  } = details;
  return { order, product, audience, date, start, end, upsells: extras, order_admitted, order_tickets };
}
