import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema.ts';
import type { MailAddress, Mailer } from '../mail/mail-message.ts';
import { claimMailJobs, completeMailJob, failMailJob, type ClaimedMailJob } from './mail-jobs.ts';
import type { MailKinds } from './mail-kind.ts';

export interface MailDelivery {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The kinds this instance can render, by name (wiring/mail-kinds.ts). */
  kinds: MailKinds;
}

export interface MailRunResult {
  sent: number;
  skipped: number;
  failed: number;
}

/** Jobs claimed (and sent side by side) at a time. */
const BATCH = 5;
/** A send (building the mail included) taking longer counts as failed; below MAIL_LEASE_MS. */
export const SEND_TIMEOUT_MS = 15_000;

class PermanentError extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function renderAndSend(delivery: MailDelivery, job: ClaimedMailJob, now: Date) {
  const kind = delivery.kinds.get(job.kind);
  if (!kind) throw new Error(`unknown mail kind ${job.kind}`);
  const parsed = kind.payload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentError(`payload not valid: ${parsed.error.message}`);
  // The payload parsed with this kind's own schema is what its render takes.
  const message = await kind.render({ db: delivery.db, now }, parsed.data as never);
  if (!message) return null;
  return delivery.mailer.send({
    ...message,
    replyTo: message.replyTo ?? (await shopReplyTo(delivery.db, job)),
  });
}

/**
 * The shop's contact address (the catalogue's e-mail), where a visitor's
 * answer to its mail should go (decision 0188): mails go out from
 * MAIL_FROM, often an address nobody reads. A mail that names its own
 * Reply-To (a refund request to the shop answers the visitor) keeps it.
 */
async function shopReplyTo(db: Db, job: ClaimedMailJob): Promise<MailAddress | undefined> {
  if (job.organisationId === null) return undefined;
  const [shop] = await db
    .select({ name: organisations.name, email: organisations.email })
    .from(organisations)
    .where(eq(organisations.id, job.organisationId));
  return shop?.email ? { name: shop.name, address: shop.email } : undefined;
}

async function deliver(delivery: MailDelivery, job: ClaimedMailJob, now: () => Date) {
  try {
    const sent = await withTimeout(renderAndSend(delivery, job, now()), SEND_TIMEOUT_MS);
    await completeMailJob(
      delivery.db,
      job,
      now(),
      sent ? { status: 'SENT', messageId: sent.messageId } : { status: 'SKIPPED' },
    );
    return sent ? 'sent' : 'skipped';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const status = await failMailJob(delivery.db, job, now(), message, error instanceof PermanentError);
    const details = { err: error, job: job.id, kind: job.kind, attempts: job.attempts };
    if (status === 'FAILED') delivery.log.error(details, 'mail could not be sent: given up');
    else delivery.log.warn(details, 'mail could not be sent: will try again');
    return 'failed';
  }
}

/**
 * Sends every mail that is due at `now`, a batch at a time, until none is
 * left: what the worker runs on each tick, and what tests call to send the
 * outbox deterministically. A failed send is retried later, never in the
 * same run.
 */
export async function sendDueMail(
  delivery: MailDelivery,
  now: () => Date,
  shouldStop: () => boolean = () => false,
): Promise<MailRunResult> {
  const result: MailRunResult = { sent: 0, skipped: 0, failed: 0 };
  while (!shouldStop()) {
    const jobs = await claimMailJobs(delivery.db, now(), BATCH);
    if (jobs.length === 0) break;
    const outcomes = await Promise.all(jobs.map((job) => deliver(delivery, job, now)));
    for (const outcome of outcomes) result[outcome] += 1;
  }
  return result;
}
