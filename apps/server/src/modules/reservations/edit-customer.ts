import type { EditReservation } from '@kassa/domain/contract/reservation';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fields, orderLines, orders } from '../../db/schema.ts';
import { validateCustomer } from '../../engine/placement/customer-fields.ts';
import { assertHolding, findReservation } from './find-reservation.ts';

/**
 * PATCH /api/reservation/{hash} (docs/storefront.md §7.11): the customer's
 * details, checked with the order form's rules (validateCustomer: the same
 * fields, required ones for the reserved products, company fields only when
 * ticked) and stored under the order's lock, only while the reservation holds:
 * once it is paid or expired it is 409 RESERVATION_CLOSED and nothing changes.
 */
export async function editReservationCustomer(
  db: Db,
  organisationId: number,
  hash: string,
  body: EditReservation,
  now: Date,
): Promise<void> {
  const { order } = await findReservation(db, hash);
  // Refused before validating: a closed reservation answers the same whatever was sent.
  assertHolding(order, now);
  const [fieldRows, productLines] = await Promise.all([
    db
      .select()
      .from(fields)
      .where(eq(fields.organisationId, organisationId))
      .orderBy(asc(fields.sort), asc(fields.id)),
    db
      .selectDistinct({ productId: orderLines.productId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.kind, 'PRODUCT'))),
  ]);
  const productIds = productLines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const customer = validateCustomer({ customer: body.customer, fields: {} }, fieldRows, {
    products: productIds,
  });
  await db.transaction(async (tx) => {
    const locked = await findReservation(tx, hash, { lock: true });
    assertHolding(locked.order, now);
    await tx.update(orders).set({ customer }).where(eq(orders.id, locked.order.id));
  });
}
