import { quoteCancellation } from '@kassa/domain/rules/cancellation-policy';
import { instantOfWallClock } from '@kassa/domain/rules/wall-clock';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders, organisations, plots, products } from '../db/schema.ts';
import { checkoutReturnPath } from '../engine/hand-off/payment-paths.ts';

/**
 * The order page with its cancel panel open (`/checkout/return/{hash}?cancel=1`),
 * for the tickets mail's "Cancel tickets" link; null unless the visitor can
 * cancel a ticket online now: a paid product order whose product has a
 * cancellation policy that still allows it (decisions 0258, 0259). The page
 * asks the server again when it opens, so a link that outlives its terms
 * is told why.
 */
export async function cancelLinkPath(db: Db, orderId: number, now: Date): Promise<string | null> {
  const rows = await db
    .select({
      hash: orders.hash,
      status: orders.status,
      kind: orders.kind,
      timeZone: organisations.timeZone,
      policy: products.cancellationPolicy,
      date: plots.date,
      start: plots.startTime,
    })
    .from(orders)
    .innerJoin(organisations, eq(organisations.id, orders.organisationId))
    .innerJoin(orderLines, and(eq(orderLines.orderId, orders.id), eq(orderLines.kind, 'PRODUCT')))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .innerJoin(plots, eq(plots.id, orderLines.plotId))
    .where(eq(orders.id, orderId));
  const open = rows.some((row) => {
    if (row.status !== 'PAID' || row.kind !== 'PRODUCT' || !row.policy || !row.date) return false;
    const visitAt = instantOfWallClock(row.date, (row.start ?? '00:00').slice(0, 5), row.timeZone);
    return quoteCancellation(row.policy, visitAt, now, 0).ok;
  });
  return open ? `${checkoutReturnPath(rows[0]!.hash)}?cancel=1` : null;
}
