import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { eq } from 'drizzle-orm';
import { organisations } from '../db/schema.ts';
import { htmlMail, type MailShop } from '../mail/html-mail.ts';
import type { MailAddress, Mailer, MailMessage } from '../mail/mail-message.ts';
import { claimMailJobs, completeMailJob, failMailJob, type ClaimedMailJob } from './mail-jobs.ts';
import type { MailKinds } from './mail-kind.ts';

export interface MailDelivery {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The kinds this instance can render, by name (wiring/mail-kinds.ts). */
  kinds: MailKinds;
  /** PUBLIC_URL: makes the shop's logo path absolute in the HTML part; without it the name stands in. */
  publicUrl?: string | null;
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
  const message = await kind.render(
    { db: delivery.db, now, publicUrl: (delivery.publicUrl ?? '').replace(/\/+$/, '') },
    parsed.data as never,
  );
  if (!message) return null;
  return delivery.mailer.send(await dressed(delivery, job, message));
}

interface Shop extends MailShop {
  defaultLanguage: string;
}

async function loadShop(delivery: MailDelivery, organisationId: number | null): Promise<Shop | null> {
  if (organisationId === null) return null;
  const [shop] = await delivery.db
    .select({
      name: organisations.name,
      email: organisations.email,
      colour: organisations.themeColour,
      logo: organisations.logo,
      address: organisations.address,
      defaultLanguage: organisations.defaultLanguage,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!shop) return null;
  return { ...shop, logoUrl: logoUrl(shop.logo, delivery.publicUrl) };
}

function logoUrl(logo: string | null, publicUrl: string | null | undefined): string | null {
  if (!logo) return null;
  if (/^https?:\/\//i.test(logo)) return logo;
  if (!publicUrl || !logo.startsWith('/')) return null;
  return `${publicUrl.replace(/\/+$/, '')}${logo}`;
}

/**
 * The rendered mail as it leaves: from the shop's name, answering to the
 * shop's contact address (decision 0188) unless the mail names its own
 * Reply-To (a refund request to the shop answers the visitor), and with an
 * HTML part in the shop's colour and logo beside the text (decision 0251).
 */
async function dressed(
  delivery: MailDelivery,
  job: ClaimedMailJob,
  message: MailMessage,
): Promise<MailMessage> {
  const shop = await loadShop(delivery, job.organisationId);
  const language = message.language ?? shop?.defaultLanguage ?? 'en';
  const replyTo: MailAddress | undefined = shop?.email ? { name: shop.name, address: shop.email } : undefined;
  return {
    ...message,
    fromName: message.fromName ?? shop?.name,
    replyTo: message.replyTo ?? replyTo,
    language,
    html:
      message.html ??
      htmlMail({
        subject: message.subject,
        text: message.text,
        language,
        shop: shop ?? { name: 'Kassa', colour: null, logoUrl: null, address: null, email: null },
      }),
  };
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
