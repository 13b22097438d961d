import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { giveBackDiscounts } from './give-back-discounts.ts';

export interface SweepResult {
  orders: number;
  holds: number;
  /** Voucher codes whose spent credit was given back. */
  vouchers: number;
  /** Coupons whose use by an expired order was given back. */
  coupons: number;
  /** Client subscriptions whose redemptions by an expired order were given back. */
  redemptions: number;
  /** The plots whose places the released holds gave back (for the waiting lists, decision 0252). */
  plotIds: number[];
}

/** Orders handled per transaction: small enough to keep row locks brief. */
const DEFAULT_BATCH = 500;

/**
 * Marks PENDING orders past their expiry, and RESERVED orders whose
 * reservation lapsed, EXPIRED, releases their holds and
 * gives back the voucher credit, coupon uses and subscription redemptions
 * they spent (giveBackDiscounts), one transaction per batch, until none are
 * left. FOR UPDATE SKIP LOCKED lets several server instances sweep at once
 * without waiting on each other or touching an order a payment is settling
 * right now; a payment that waits for the sweep's lock then finds the order
 * EXPIRED and spends the discounts again. Seats are free the moment a hold
 * expires anyway (activeHold); the sweep makes it visible in the order's
 * status. Scheduled by the expiry sweeper (expiry-sweeper.ts).
 */
export async function sweepExpiredOrders(db: Db, now: Date, batchSize = DEFAULT_BATCH): Promise<SweepResult> {
  const total: SweepResult = { orders: 0, holds: 0, vouchers: 0, coupons: 0, redemptions: 0, plotIds: [] };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        WITH expired AS (
          SELECT id FROM orders
          WHERE status IN ('PENDING', 'RESERVED') AND expires_at <= ${now.toISOString()}::timestamptz
          ORDER BY expires_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED
        ), expired_orders AS (
          UPDATE orders SET status = 'EXPIRED' FROM expired WHERE orders.id = expired.id RETURNING orders.id
        ), released AS (
          UPDATE capacity_holds SET status = 'RELEASED'
          FROM expired_orders
          WHERE capacity_holds.order_id = expired_orders.id AND capacity_holds.status IN ('PENDING', 'RESERVED')
          RETURNING capacity_holds.id, capacity_holds.plot_id
        )
        SELECT (SELECT coalesce(array_agg(id), '{}') FROM expired_orders) AS ids,
          (SELECT count(*) FROM released)::int AS holds,
          (SELECT coalesce(array_agg(DISTINCT plot_id), '{}') FROM released) AS plots
      `);
      const row = (
        result as unknown as { rows: { ids: number[] | string; holds: number; plots: number[] | string }[] }
      ).rows[0];
      const ids = parseIds(row?.ids);
      const given = await giveBackDiscounts(tx, ids);
      return { orders: ids.length, holds: Number(row?.holds ?? 0), plotIds: parseIds(row?.plots), ...given };
    });
    total.orders += batch.orders;
    total.holds += batch.holds;
    total.vouchers += batch.vouchers;
    total.coupons += batch.coupons;
    total.redemptions += batch.redemptions;
    total.plotIds = [...new Set([...total.plotIds, ...batch.plotIds])];
    if (batch.orders < batchSize) return total;
  }
}

/** An int[] as the driver hands it over: parsed already, or PostgreSQL's text form. */
function parseIds(value: number[] | string | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value
    .replace(/[{}]/g, '')
    .split(',')
    .filter((part) => part !== '')
    .map(Number);
}
