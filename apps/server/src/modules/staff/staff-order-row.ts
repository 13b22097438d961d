import { parseOrderReference } from '@kassa/domain/rules/order-reference';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export type StaffOrderRow = typeof orders.$inferSelect;

export function orderNotFound(): AppError {
  return new AppError(404, 'ORDER_NOT_FOUND', 'No order of this shop has this number');
}

/** The shop's order with this number as staff type it (spaces or not); 404 ORDER_NOT_FOUND otherwise. */
export async function findStaffOrder(
  db: Db | Tx,
  organisationId: number,
  number: string,
  lock = false,
): Promise<StaffOrderRow> {
  const reference = parseOrderReference(number);
  if (reference === undefined) throw orderNotFound();
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.organisationId, organisationId), eq(orders.reference, reference)));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw orderNotFound();
  return order;
}
