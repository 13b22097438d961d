import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface SweepResult {
  orders: number;
  holds: number;
  /** Voucher codes whose spent credit was given back. */
  vouchers: number;
  /** Coupons whose use by an expired order was given back. */
  coupons: number;
}

/** Orders handled per statement: small enough to keep row locks brief. */
const DEFAULT_BATCH = 500;

/**
 * Marks PENDING orders past their expiry EXPIRED, releases their holds and
 * gives back the voucher credit and coupon uses they spent, one statement per batch, until none are left. FOR UPDATE SKIP LOCKED lets
 * several server instances sweep at once without waiting on each other or
 * touching an order a payment is settling right now. Seats are free the
 * moment a hold expires anyway (activeHold); the sweep makes it visible in
 * the order's status. Exported for the payments module to schedule.
 */
export async function sweepExpiredOrders(db: Db, now: Date, batchSize = DEFAULT_BATCH): Promise<SweepResult> {
  const total: SweepResult = { orders: 0, holds: 0, vouchers: 0, coupons: 0 };
  for (;;) {
    const result = await db.execute(sql`
      WITH expired AS (
        SELECT id FROM orders
        WHERE status = 'PENDING' AND expires_at <= ${now.toISOString()}::timestamptz
        ORDER BY expires_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      ), expired_orders AS (
        UPDATE orders SET status = 'EXPIRED' FROM expired WHERE orders.id = expired.id RETURNING orders.id
      ), released AS (
        UPDATE capacity_holds SET status = 'RELEASED'
        FROM expired_orders
        WHERE capacity_holds.order_id = expired_orders.id AND capacity_holds.status = 'PENDING'
        RETURNING capacity_holds.id
      ), credit AS (
        SELECT order_lines.issued_voucher_id AS id, sum(order_lines.total_cents)::int AS cents
        FROM order_lines JOIN expired_orders ON expired_orders.id = order_lines.order_id
        WHERE order_lines.issued_voucher_id IS NOT NULL
        GROUP BY order_lines.issued_voucher_id
      ), refunded AS (
        UPDATE issued_vouchers SET balance_cents = issued_vouchers.balance_cents + credit.cents
        FROM credit WHERE issued_vouchers.id = credit.id
        RETURNING issued_vouchers.id
      ), coupon_uses AS (
        -- Counted per coupon first: an UPDATE … FROM applies only one joined row per target row.
        SELECT coupons.id, count(*)::int AS uses
        FROM coupons
        JOIN orders ON orders.organisation_id = coupons.organisation_id AND coupons.code = ANY(orders.coupon_codes)
        JOIN expired_orders ON expired_orders.id = orders.id
        GROUP BY coupons.id
      ), coupons_back AS (
        UPDATE coupons SET uses = greatest(coupons.uses - coupon_uses.uses, 0)
        FROM coupon_uses WHERE coupons.id = coupon_uses.id
        RETURNING coupons.id
      )
      SELECT (SELECT count(*) FROM expired_orders)::int AS orders, (SELECT count(*) FROM released)::int AS holds,
        (SELECT count(*) FROM refunded)::int AS vouchers, (SELECT count(*) FROM coupons_back)::int AS coupons
    `);
    const row = (result as unknown as { rows: Partial<SweepResult>[] }).rows[0];
    const batch = {
      orders: Number(row?.orders ?? 0),
      holds: Number(row?.holds ?? 0),
      vouchers: Number(row?.vouchers ?? 0),
      coupons: Number(row?.coupons ?? 0),
    };
    total.orders += batch.orders;
    total.holds += batch.holds;
    total.vouchers += batch.vouchers;
    total.coupons += batch.coupons;
    if (batch.orders < batchSize) return total;
  }
}
