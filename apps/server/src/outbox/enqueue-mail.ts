import type { Db, Tx } from '../db/client.ts';
import { mailJobs } from '../db/schema.ts';
import { MAIL_KINDS, type MailKindName, type MailPayload } from './mail-kinds.ts';

export interface MailJob<K extends MailKindName> {
  kind: K;
  payload: MailPayload<K>;
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
export async function enqueueMail<K extends MailKindName>(
  db: Db | Tx,
  job: MailJob<K>,
  /** The app's clock: the job is due from then on. */
  now: Date,
): Promise<boolean> {
  // Checked now too, so a bad payload fails the change that wrote it, not a send hours later.
  const payload = MAIL_KINDS[job.kind].payload.parse(job.payload) as Record<string, unknown>;
  const inserted = await db
    .insert(mailJobs)
    .values({
      kind: job.kind,
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
