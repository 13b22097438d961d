import { and, asc, exists, eq, inArray } from 'drizzle-orm';
import { orderLines, orders } from '../db/schema.ts';
import { issueInvoice } from '../engine/documents/issue-invoice.ts';
import type { SeedContext } from './context.ts';

/**
 * The demo's paid (and invoiced) orders get their invoices as the engine
 * issues them (decision 0249): the same `issueInvoice`, in the seed's
 * transaction, oldest payment first, so a fresh demo numbers them
 * consecutively from the year's first. An order without lines (the seats
 * sold as a block, bookings.ts) sold nothing to invoice.
 */
export async function seedInvoices({ tx, organisationId, now }: SeedContext): Promise<number> {
  const rows = await tx
    .select({ id: orders.id, paidAt: orders.paidAt, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.organisationId, organisationId),
        inArray(orders.status, ['PAID', 'INVOICED']),
        exists(tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orders.id))),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
  let issued = 0;
  for (const row of rows) {
    const invoice = await issueInvoice(tx, {
      organisationId,
      orderId: row.id,
      issuedAt: row.paidAt ?? now,
    });
    if (invoice) issued += 1;
  }
  return issued;
}
