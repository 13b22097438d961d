import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rebookingSecrets } from '../../db/schema.ts';
import { secretToken } from '../../lib/secrets.ts';

/**
 * Gives an order its own rebooking secret (≥128 bits) unless it has one:
 * called where a product order becomes PAID or RESERVED, in that
 * transaction. The unique order id makes a second call a no-op.
 */
export async function issueRebookSecret(tx: Db | Tx, orderId: number): Promise<void> {
  await tx.insert(rebookingSecrets).values({ orderId, secret: secretToken() }).onConflictDoNothing();
}

/** The order's rebooking secret row, or undefined when it has none. */
export async function findRebookSecret(db: Db | Tx, orderId: number) {
  const [row] = await db.select().from(rebookingSecrets).where(eq(rebookingSecrets.orderId, orderId));
  return row;
}

/** The order's secret, issued now for an order booked before secrets existed. */
export async function rebookSecretOf(db: Db, orderId: number): Promise<string> {
  const existing = await findRebookSecret(db, orderId);
  if (existing) return existing.secret;
  await issueRebookSecret(db, orderId);
  return (await findRebookSecret(db, orderId))!.secret;
}
