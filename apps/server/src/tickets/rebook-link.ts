import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, organisations, rebookingSecrets } from '../db/schema.ts';
import { isRebookable, loadBookedOrder } from '../modules/rebook/rebookable-order.ts';

/**
 * The order's own rebooking link (decision 0040), path and query only:
 * /rebook/{secret}?order={reference}&email={email}. Null unless the booking
 * can be changed now (decision 0187): the shop allows rebooking, the order
 * has an unused secret, and it is rebookable — paid or still reserved, one
 * item, its time not begun — so no mail offers a change that is refused.
 */
export async function rebookLinkPath(db: Db, orderId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ secret: rebookingSecrets.secret, order: orders, organisation: organisations })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .innerJoin(
      rebookingSecrets,
      and(eq(rebookingSecrets.orderId, orders.id), isNull(rebookingSecrets.usedAt)),
    )
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const booked = await loadBookedOrder(db, row.organisation.id, orderId);
  if (!booked || !isRebookable(row.organisation, booked, now)) return null;
  const query = new URLSearchParams({ order: row.order.reference, email: row.order.customer.email });
  return `/rebook/${encodeURIComponent(row.secret)}?${query.toString()}`;
}
