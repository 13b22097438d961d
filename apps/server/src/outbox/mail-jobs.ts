/**
 * The outbox's state changes, each one statement. A claim pushes the job's
 * next attempt past a lease instead of holding a lock while the mail goes
 * out: no transaction (and, on PGlite, no connection) waits on a mail
 * server, and a worker that dies mid-send leaves the job to be claimed
 * again once its lease ends.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';

export type ClaimedMailJob = typeof mailJobs.$inferSelect;

/** How long a claimed job is left alone: longer than a send may take (SEND_TIMEOUT_MS). */
export const MAIL_LEASE_MS = 30_000;
/** Attempts before a job is given up as FAILED (about seven hours of retries). */
export const MAX_MAIL_ATTEMPTS = 12;

/** Wait before attempt n + 1 after n failed: 10 s, 30 s, 90 s … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 3 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Claims up to `limit` due jobs, oldest due first. FOR UPDATE SKIP LOCKED:
 * workers on several instances claiming at once each get other jobs, and
 * none waits for another's claim.
 */
export async function claimMailJobs(db: Db, now: Date, limit: number): Promise<ClaimedMailJob[]> {
  const due = db
    .select({ id: mailJobs.id })
    .from(mailJobs)
    .where(and(eq(mailJobs.status, 'PENDING'), lte(mailJobs.nextAttemptAt, now)))
    .orderBy(asc(mailJobs.nextAttemptAt), asc(mailJobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailJobs)
    .set({
      nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS),
      attempts: sql`${mailJobs.attempts} + 1`,
    })
    .where(inArray(mailJobs.id, due))
    .returning();
}

/** The mail went out (or there was nothing to send: SKIPPED). */
export async function completeMailJob(
  db: Db,
  job: ClaimedMailJob,
  now: Date,
  outcome: { status: 'SENT'; messageId: string } | { status: 'SKIPPED' },
): Promise<void> {
  await db
    .update(mailJobs)
    .set({
      status: outcome.status,
      messageId: outcome.status === 'SENT' ? outcome.messageId : null,
      sentAt: now,
      lastError: null,
    })
    .where(and(eq(mailJobs.id, job.id), eq(mailJobs.status, 'PENDING')));
}

/**
 * An attempt failed: the job is due again after retryDelayMs, or, with
 * `final` or after MAX_MAIL_ATTEMPTS, FAILED for good. Answers the status.
 */
export async function failMailJob(
  db: Db,
  job: ClaimedMailJob,
  now: Date,
  error: string,
  final = false,
): Promise<'PENDING' | 'FAILED'> {
  const status = final || job.attempts >= MAX_MAIL_ATTEMPTS ? 'FAILED' : 'PENDING';
  await db
    .update(mailJobs)
    .set({
      status,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
      lastError: error.slice(0, 1000),
    })
    .where(and(eq(mailJobs.id, job.id), eq(mailJobs.status, 'PENDING')));
  return status;
}
