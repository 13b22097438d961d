import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, reservations } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * An order by one of its public secrets: its own hash, its reservation's,
 * or one of its payments' (a hand-off that knows only the payment, such as
 * the PayPal buttons, sends the visitor to the return page with that).
 */
export async function findOrderByPublicHash(db: Db, hash: string): Promise<OrderRow | null> {
  const [own] = await db.select().from(orders).where(eq(orders.hash, hash)).limit(1);
  if (own) return own;
  const [reserved] = await db
    .select({ order: orders })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.hash, hash))
    .limit(1);
  if (reserved) return reserved.order;
  const [paid] = await db
    .select({ order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.hash, hash))
    .limit(1);
  return paid?.order ?? null;
}
