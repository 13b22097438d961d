import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { organisations } from '../db/schema.ts';
import { seedDemoShop } from './demo-shop.ts';

// Any fixed 64-bit number, distinct from the migration lock in db/client.ts.
const SEED_LOCK = 7_411_002_234;

/**
 * Seeds the demo shop when the database holds no organisation yet; true when
 * it did. Safe when several instances start at once: the transaction-scoped
 * advisory lock lets one seed while the others wait, and those then find
 * the organisation (READ COMMITTED sees the commit) and add nothing.
 */
export async function seedIfEmpty(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await holdsAShop(tx)) return false;
    await seedDemoShop(tx, now);
    return true;
  });
}

/** True once the database holds an organisation: the state seedIfEmpty leaves alone. */
export async function holdsAShop(db: Db | Tx): Promise<boolean> {
  const existing = await db.select({ id: organisations.id }).from(organisations).limit(1);
  return existing.length > 0;
}
