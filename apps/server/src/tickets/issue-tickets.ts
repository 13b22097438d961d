import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orderLines, tickets } from '../db/schema.ts';
import { secretToken } from '../lib/secrets.ts';
import { addPlotTickets } from '../engine/door/plot-tallies.ts';

/**
 * Writes the tickets of an order being marked paid, in that same
 * transaction: one per person, that is one per unit of each ticket line
 * (an audience line of 3 adults is 3 tickets; a plain quantity of 2 is 2).
 * Upsells carry no ticket. The caller holds the order's row lock, so an
 * order that already has tickets is left as it is: a replay makes none.
 */
export async function issueTickets(tx: Tx, orderId: number): Promise<number> {
  if ((await ticketCount(tx, orderId)) > 0) return 0;
  const lines = await tx
    .select({ id: orderLines.id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'PRODUCT')))
    .orderBy(asc(orderLines.id));
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({ orderId, orderLineId: line.id, secret: secretToken() })),
  );
  if (rows.length > 0) {
    await tx.insert(tickets).values(rows);
    // Their plots count them, in this transaction (decision 0271).
    await addPlotTickets(tx, 1, sql`t.order_id = ${orderId}`);
  }
  return rows.length;
}

/** How many tickets an order has (0 until it is fulfilled). */
export async function ticketCount(db: Db | Tx, orderId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(eq(tickets.orderId, orderId));
  return row?.n ?? 0;
}
