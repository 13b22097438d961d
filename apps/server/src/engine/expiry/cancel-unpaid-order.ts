import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { expireUnpaidOrder, type ClosedPayment } from './expire-unpaid-order.ts';

/** What a cancel answers: the order's status afterwards, and the open payments it closed (for their provider). */
export interface CancelResult {
  status: 'CANCELLED' | 'EXPIRED' | 'FAILED';
  closed: ClosedPayment[];
}

export const cancelErrors = {
  notFound: () => new AppError(404, 'ORDER_NOT_FOUND', 'No order has this hash'),
  alreadyPaid: (status: string) =>
    new AppError(409, 'ORDER_ALREADY_PAID', 'A paid order cannot be cancelled here', status),
  notCancellable: (status: string) =>
    new AppError(409, 'ORDER_NOT_CANCELLABLE', 'This order is not waiting for its payment', status),
};

/**
 * Cancels an order that waits for its online payment, by its secret hash
 * (decision 0146): the visitor went Back from the payment page and will
 * order again, so the seats go back on sale now rather than when the hold
 * lapses. Under the order's row lock, as the sweeper and settlement take
 * it: the order ends EXPIRED now — exactly what the sweeper makes of a
 * lapsed hold, so the return page, a late payment (settlePayment books the
 * seats again if free, else REFUND_REQUIRED) and the discounts' re-spend
 * all work unchanged; CANCELLED means a withdrawn rebooking there, whose
 * payment is always refunded. Its holds are released, its open
 * payments are closed and what it spent (voucher credit, coupon uses,
 * subscription redemptions) is given back, all in one transaction.
 * Idempotent: an order already cancelled, expired or failed answers its
 * status and writes nothing. A paid (or invoiced, or refund-due) order
 * and a reservation are refused, and nothing is written.
 */
export async function cancelUnpaidOrder(db: Db, hash: string, now: Date): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.hash, hash)).for('update');
    if (!order) throw cancelErrors.notFound();
    switch (order.status) {
      case 'CANCELLED':
      case 'EXPIRED':
      case 'FAILED':
        return { status: order.status, closed: [] };
      case 'PAID':
      case 'INVOICED':
      case 'REFUND_REQUIRED':
        throw cancelErrors.alreadyPaid(order.status);
      case 'RESERVED':
      case 'REBOOKED':
        throw cancelErrors.notCancellable(order.status);
      case 'PENDING':
        break;
    }
    const closed = await expireUnpaidOrder(tx, order.id, now);
    return { status: 'EXPIRED' as const, closed };
  });
}
