import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { expireUnpaidOrder } from '../expiry/expire-unpaid-order.ts';
import type { OrderRow } from './find-order.ts';

/**
 * The provider's checkout of an unpaid order expired (Stripe's
 * checkout.session.expired), and its payment is closed: nothing can pay it
 * any more, so a PENDING order with no other payment open ends now, through
 * the sweeper's path (expireUnpaidOrder: EXPIRED, seats released, discounts
 * given back once), instead of holding its seats until the hold lapses
 * (decision 0182). A reservation keeps its hold (it may be paid later), and
 * an order with another open payment waits for that one. Called under the
 * order's row lock; true when the order was ended.
 */
export async function endExpiredCheckout(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  if (order.status !== 'PENDING') return false;
  const [open] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'OPEN')))
    .limit(1);
  if (open) return false;
  await expireUnpaidOrder(tx, order.id, now);
  return true;
}
