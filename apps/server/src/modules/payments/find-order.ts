import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, reservations } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;

/** An order by one of its public secrets: its own hash, or its reservation's. */
export async function findOrderByPublicHash(db: Db, hash: string): Promise<OrderRow | null> {
  const [own] = await db.select().from(orders).where(eq(orders.hash, hash)).limit(1);
  if (own) return own;
  const [reserved] = await db
    .select({ order: orders })
    .from(reservations)
    .innerJoin(orders, eq(orders.id, reservations.orderId))
    .where(eq(reservations.hash, hash))
    .limit(1);
  return reserved?.order ?? null;
}
