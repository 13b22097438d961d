import { formatOrderReference } from '@kassa/domain/rules/order-reference';
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
  /** Internal: for grouping on the server only, never on the wire. */
  orderId: number;
  orderStatus: string;
  admitted: boolean;
}

/**
 * Whether an item's extras went out before: with the item's first standing
 * admission (decision 0185). For the scan that made admission `current`,
 * only an earlier admission of the item counts (the lower id wins when two
 * tickets of it come in at once); for any other answer, any admission.
 */
function handedOutBefore(admitted: readonly number[], current: number | null): boolean {
  return admitted.some((id) => id !== current && (current === null || id < current));
}

/**
 * What staff see of tickets (product, slot, audience, the order's extras,
 * whether they went out already and how many of its tickets are in), for
 * the tickets matching `where`, in the request's language. `current` is the
 * admission the scan being answered made. Four queries however many tickets.
 */
export async function loadTicketDetails(
  db: Db,
  ctx: ShopContext,
  where: SQL,
  current: number | null = null,
): Promise<TicketDetails[]> {
  const rows = await db
    .select({
      ticketId: tickets.id,
      secret: tickets.secret,
      orderId: orders.id,
      reference: orders.reference,
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
  const [extras, counts, itemAdmissions] = await Promise.all([
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
    db
      .select({ orderId: tickets.orderId, itemIndex: orderLines.itemIndex, id: admissions.id })
      .from(admissions)
      .innerJoin(tickets, eq(tickets.id, admissions.ticketId))
      .innerJoin(orderLines, eq(orderLines.id, tickets.orderLineId))
      .where(and(inArray(tickets.orderId, orderIds), standingAdmission)),
  ]);
  return rows.map((row) => {
    const tally = counts.find((c) => c.orderId === row.orderId);
    const sameItem = (other: { orderId: number; itemIndex: number }) =>
      other.orderId === row.orderId && other.itemIndex === row.itemIndex;
    return {
      ticketId: row.ticketId,
      secret: row.secret,
      orderId: row.orderId,
      orderStatus: row.orderStatus,
      admitted: row.admitted,
      order: formatOrderReference(row.reference),
      item: row.itemIndex,
      product: ctx.text(row.product),
      audience: row.audience ? ctx.text(row.audience) : null,
      date: row.date,
      start: shortTime(row.start),
      end: shortTime(row.end),
      upsells: extras
        .filter((extra) => sameItem(extra) && extra.quantity > 0)
        .map((extra) => ({ title: ctx.text(extra.title), quantity: extra.quantity })),
      upsells_handed_out: handedOutBefore(
        itemAdmissions.filter(sameItem).map((admission) => admission.id),
        current,
      ),
      order_admitted: tally?.admitted ?? 0,
      order_tickets: tally?.total ?? 0,
    };
  });
}

/** ScannedTicket as the wire carries it (no secret, no ids). */
export function ticketAnswer(details: TicketDetails): ScannedTicket {
  const {
    ticketId: _ticketId,
    secret: _secret,
    orderId: _orderId,
    orderStatus: _status,
    admitted: _admitted,
    ...wire
  } = details;
  return wire;
}
