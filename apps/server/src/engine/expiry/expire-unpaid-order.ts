import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, payments } from '../../db/schema.ts';
import { releaseHolds } from '../booking/active-holds.ts';
import { giveBackDiscounts } from './give-back-discounts.ts';

/** An open payment an expiry closed, for its provider (a checkout session to expire there too). */
export interface ClosedPayment {
  gateway: string;
  providerRef: string | null;
}

/**
 * Ends a PENDING order now, the way the expiry sweeper ends one whose hold
 * lapsed: EXPIRED, its holds released and what it spent (voucher credit,
 * coupon uses, subscription redemptions) given back by giveBackDiscounts.
 * Its open payments are closed as CANCELLED and answered. The caller holds
 * the order's row lock and has seen it PENDING, so this happens once per
 * order; a late payment then finds it EXPIRED and books it again if it can
 * (settlePayment).
 */
export async function expireUnpaidOrder(tx: Tx, orderId: number, now: Date): Promise<ClosedPayment[]> {
  await tx.update(orders).set({ status: 'EXPIRED', expiresAt: now }).where(eq(orders.id, orderId));
  await releaseHolds(tx, [orderId]);
  await giveBackDiscounts(tx, [orderId]);
  return tx
    .update(payments)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'OPEN')))
    .returning({ gateway: payments.gateway, providerRef: payments.providerRef });
}
