import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import type { OrderSearch } from '@kassa/domain/contract/staff';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, tickets } from '../../db/schema.ts';
import type { ShopContext } from '../../lib/context.ts';
import { loadTicketDetails } from './ticket-details.ts';
import { admissionTimes } from './today.ts';

const MAX_ORDERS = 20;

/**
 * How staff name an order: by the public order reference (decision 0104;
 * spaces and dashes as customers read it out) or by the customer's e-mail.
 */
function orderMatch(query: string): SQL | null {
  const text = query.trim();
  const reference = parseOrderReference(text);
  if (reference !== undefined) return eq(orders.reference, reference);
  if (text.includes('@')) return sql`lower(${orders.customer}->>'email') = ${text.toLowerCase()}`;
  return null;
}

/** Orders matching the query, newest first, with their tickets and whether each was let in. */
export async function searchOrders(db: Db, ctx: ShopContext, query: string): Promise<OrderSearch> {
  const match = orderMatch(query);
  if (!match) return { orders: [] };
  const found = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      customer: orders.customer,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.organisationId, ctx.organisation.id), match))
    .orderBy(desc(orders.id))
    .limit(MAX_ORDERS);
  if (found.length === 0) return { orders: [] };
  const details = await loadTicketDetails(
    db,
    ctx,
    inArray(
      tickets.orderId,
      found.map((order) => order.id),
    ),
  );
  const admitted = await admissionTimes(
    db,
    details.map((ticket) => ticket.ticketId),
  );
  return {
    orders: found.map((order) => ({
      reference: order.reference,
      status: order.status,
      customer: {
        name: `${order.customer.first_name} ${order.customer.last_name}`.trim(),
        email: order.customer.email,
      },
      created_at: order.createdAt.toISOString(),
      tickets: details
        .filter((ticket) => ticket.orderId === order.id)
        .map((ticket) => {
          const at = admitted.get(ticket.ticketId);
          return {
            product: ticket.product,
            audience: ticket.audience,
            date: ticket.date,
            start: ticket.start,
            end: ticket.end,
            state:
              order.status !== 'PAID'
                ? ('VOID' as const)
                : at
                  ? ('ADMITTED' as const)
                  : ('NOT_ADMITTED' as const),
            admitted_at: at ? at.toISOString() : null,
          };
        }),
    })),
  };
}
