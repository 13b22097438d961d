import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/** What giveBackDiscounts returned, counted per voucher code, coupon and pass. */
interface GivenBack {
  /** Voucher codes whose spent credit was given back. */
  vouchers: number;
  /** Coupons whose use was given back. */
  coupons: number;
  /** Client subscriptions whose redemptions were given back. */
  redemptions: number;
}

/**
 * Gives back what unpaid orders spent at booking (decision 0011): their voucher
 * credit (DISCOUNT lines with issued_voucher_id), their coupon use and the
 * subscription redemptions they took (order_redemptions), in one statement.
 *
 * Every path that ends an order which still holds its discounts (PENDING or
 * RESERVED) without it being paid calls this in the same transaction that
 * changes the order's status, with the order's row locked: the sweeper, a
 * late payment that finds the seats gone. The status change under the lock
 * is what makes the give-back happen exactly once; a late payment that
 * re-books an EXPIRED order spends them again (respendDiscounts).
 */
export async function giveBackDiscounts(tx: Tx | Db, orderIds: readonly number[]): Promise<GivenBack> {
  if (orderIds.length === 0) return { vouchers: 0, coupons: 0, redemptions: 0 };
  const ids = sql.join(
    orderIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    WITH credit AS (
      SELECT issued_voucher_id AS id, sum(total_cents)::int AS cents
      FROM order_lines
      WHERE order_id IN (${ids}) AND issued_voucher_id IS NOT NULL
      GROUP BY issued_voucher_id
    ), refunded AS (
      UPDATE issued_vouchers SET balance_cents = issued_vouchers.balance_cents + credit.cents
      FROM credit WHERE issued_vouchers.id = credit.id
      RETURNING issued_vouchers.id
    ), coupon_uses AS (
      -- Counted per coupon first: an UPDATE … FROM applies only one joined row per target row.
      SELECT coupons.id, count(*)::int AS uses
      FROM coupons
      JOIN orders ON orders.organisation_id = coupons.organisation_id AND coupons.code = ANY(orders.coupon_codes)
      WHERE orders.id IN (${ids})
      GROUP BY coupons.id
    ), coupons_back AS (
      UPDATE coupons SET uses = greatest(coupons.uses - coupon_uses.uses, 0)
      FROM coupon_uses WHERE coupons.id = coupon_uses.id
      RETURNING coupons.id
    ), redeemed AS (
      SELECT client_subscription_id AS id, sum(count)::int AS count
      FROM order_redemptions
      WHERE order_id IN (${ids})
      GROUP BY client_subscription_id
    ), redemptions_back AS (
      UPDATE client_subscriptions
      SET available_redemptions = client_subscriptions.available_redemptions + redeemed.count
      FROM redeemed
      -- An unlimited pass (-1) took nothing; one made unlimited meanwhile stays so.
      WHERE client_subscriptions.id = redeemed.id AND client_subscriptions.available_redemptions >= 0
      RETURNING client_subscriptions.id
    )
    SELECT (SELECT count(*) FROM refunded)::int AS vouchers, (SELECT count(*) FROM coupons_back)::int AS coupons,
      (SELECT count(*) FROM redemptions_back)::int AS redemptions
  `);
  const row = (result as unknown as { rows: Partial<GivenBack>[] }).rows[0];
  return {
    vouchers: Number(row?.vouchers ?? 0),
    coupons: Number(row?.coupons ?? 0),
    redemptions: Number(row?.redemptions ?? 0),
  };
}
