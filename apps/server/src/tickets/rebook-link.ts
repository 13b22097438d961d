import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders, organisations, rebookingSecrets } from '../db/schema.ts';

/**
 * The order's own rebooking link (decision 0040), path and query only:
 * /rebook/{secret}?order={reference}&email={email}. Null unless the shop allows
 * rebooking and the paid product order has an unused secret.
 */
export async function rebookLinkPath(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({
      secret: rebookingSecrets.secret,
      reference: orders.reference,
      customer: orders.customer,
      kind: orders.kind,
      status: orders.status,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .innerJoin(
      rebookingSecrets,
      and(eq(rebookingSecrets.orderId, orders.id), isNull(rebookingSecrets.usedAt)),
    )
    .where(and(eq(orders.id, orderId), eq(organisations.rebookingAllowed, true)));
  if (!row || row.kind !== 'PRODUCT' || (row.status !== 'PAID' && row.status !== 'RESERVED')) return null;
  const query = new URLSearchParams({ order: row.reference, email: row.customer.email });
  return `/rebook/${encodeURIComponent(row.secret)}?${query.toString()}`;
}
