import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usedCaptchas } from '../../db/schema.ts';

/** Expired rows deleted per clean-up, so no request pays for a large backlog. */
const CLEANUP_BATCH = 200;

/**
 * Marks a challenge as spent; false when it already was. The insert is the
 * check, so two requests racing with one payload (on any instances) cannot
 * both pass. Rows live until the challenge expires, after which the
 * challenge is refused anyway and the row can go.
 */
export async function spendChallenge(
  db: Db,
  signature: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  const challengeHash = createHash('sha256').update(signature).digest('hex');
  const inserted = await db
    .insert(usedCaptchas)
    .values({ challengeHash, expiresAt })
    .onConflictDoNothing()
    .returning({ challengeHash: usedCaptchas.challengeHash });
  if (inserted.length === 0) return false;
  await deleteExpired(db, now);
  return true;
}

/** SKIP LOCKED lets concurrent sweeps take different rows instead of waiting on each other. */
async function deleteExpired(db: Db, now: Date): Promise<void> {
  const expired = db
    .select({ challengeHash: usedCaptchas.challengeHash })
    .from(usedCaptchas)
    .where(lt(usedCaptchas.expiresAt, now))
    .limit(CLEANUP_BATCH)
    .for('update', { skipLocked: true });
  await db.delete(usedCaptchas).where(sql`${usedCaptchas.challengeHash} in ${expired}`);
}
