import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import type { MailKind } from './mail-kind.ts';

export interface MailJob<Schema extends z.ZodType> {
  /** The kind itself, not its name: the payload is typed and checked by it. */
  kind: MailKind<Schema>;
  payload: z.input<Schema>;
  organisationId?: number | null;
  /** At most one job per key, ever (the first tickets mail of an order): a second enqueue is a no-op. */
  dedupeKey?: string;
  /** Not before then (a reminder); by default due at once. */
  dueAt?: Date;
}

/**
 * Puts a mail in the outbox. Call it with the transaction that makes the
 * change the mail tells about, so the mail is sent if and only if that
 * change commits (decision 0050); the worker sends it after the commit.
 * Answers false when a job with the same dedupe key exists already.
 */
export async function enqueueMail<Schema extends z.ZodType>(
  db: Db | Tx,
  job: MailJob<Schema>,
  /** The app's clock: the job is due from then on. */
  now: Date,
): Promise<boolean> {
  // Checked now too, so a bad payload fails the change that wrote it, not a send hours later.
  const payload = job.kind.payload.parse(job.payload) as Record<string, unknown>;
  const inserted = await db
    .insert(mailJobs)
    .values({
      kind: job.kind.name,
      payload,
      organisationId: job.organisationId ?? null,
      dedupeKey: job.dedupeKey ?? null,
      nextAttemptAt: job.dueAt ?? now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: mailJobs.dedupeKey })
    .returning({ id: mailJobs.id });
  return inserted.length > 0;
}
