import type { OrderStatus } from '@kassa/domain/rules/order-status';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { capacityHolds, orderLines, orders, plots } from '../db/schema.ts';
import { activeHold, heldSeats } from '../engine/booking/active-holds.ts';

/** Orders that still stand: paid, on invoice, reserved, waiting for payment or for a refund. */
export const LIVE_ORDER_STATUSES: OrderStatus[] = [
  'PAID',
  'INVOICED',
  'RESERVED',
  'PENDING',
  'REFUND_REQUIRED',
];

type LineColumn = 'productId' | 'audienceId' | 'upsellId' | 'subscriptionId' | 'voucherValueId';

/** References of the orders with a line on one of these rows (any status unless `statuses`), by row id. */
export async function ordersWithLines(
  tx: Tx,
  column: LineColumn,
  ids: readonly number[],
  statuses?: readonly OrderStatus[],
): Promise<Map<number, string[]>> {
  const found = new Map<number, string[]>();
  if (ids.length === 0) return found;
  const rows = await tx
    .selectDistinct({ id: orderLines[column], reference: orders.reference })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines[column], [...ids]),
        statuses ? inArray(orders.status, [...statuses]) : undefined,
      ),
    )
    .orderBy(orders.reference);
  for (const row of rows) {
    if (row.id === null) continue;
    found.set(row.id, [...(found.get(row.id) ?? []), row.reference]);
  }
  return found;
}

/**
 * Seats taken on each product's open plot (date null) and the orders taking
 * them, counted after locking those plots as a booking does.
 */
export async function openPlotSeats(
  tx: Tx,
  productIds: readonly number[],
  now: Date,
  lock = true,
): Promise<Map<number, { plotId: number; held: number; references: string[] }>> {
  const found = new Map<number, { plotId: number; held: number; references: string[] }>();
  if (productIds.length === 0) return found;
  // The lock an order takes on a plot before counting its seats (orders/take-seats.ts): held
  // until the import commits, so no order can take a seat between this count and the new capacity.
  if (lock)
    await tx
      .select({ id: plots.id })
      .from(plots)
      .where(and(inArray(plots.productId, [...productIds]), isNull(plots.date)))
      .orderBy(plots.id)
      .for('no key update');
  const rows = await tx
    .select({
      productId: plots.productId,
      plotId: plots.id,
      held: heldSeats,
      references: sql<
        string[]
      >`coalesce(array_agg(distinct ${orders.reference}) filter (where ${orders.reference} is not null), '{}')`,
    })
    .from(plots)
    .leftJoin(capacityHolds, and(eq(capacityHolds.plotId, plots.id), activeHold(now)))
    .leftJoin(orders, eq(orders.id, capacityHolds.orderId))
    .where(and(inArray(plots.productId, [...productIds]), isNull(plots.date)))
    .groupBy(plots.productId, plots.id);
  for (const row of rows)
    found.set(row.productId, { plotId: row.plotId, held: row.held, references: row.references });
  return found;
}

/** "orders 4821 0937 563, …": at most ten named, the rest counted. */
export function nameOrders(references: readonly string[]): string {
  const grouped = references.map((r) => r.replace(/^(\d{4})(\d{4})(\d+)$/, '$1 $2 $3'));
  const shown = grouped.slice(0, 10).join(', ');
  return `${references.length === 1 ? 'order' : 'orders'} ${shown}${references.length > 10 ? ` and ${references.length - 10} more` : ''}`;
}
