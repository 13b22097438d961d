/**
 * One kind of mail the outbox sends (decision 0050): the name its jobs
 * carry, the shape of their payload, and how the mail is built from it when
 * it is sent. A kind is defined beside the code that causes it and
 * registered where the app is wired (wiring/mail-kinds.ts, decision 0215):
 * the outbox imports no kind.
 */
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mail-message.ts';

/** What a kind may read to build its mail: the database as it is at send time. */
export interface MailRenderContext {
  db: Db;
  /** The worker's clock when it sends (a reminder for a reservation that ended meanwhile renders nothing). */
  now: Date;
  /** PUBLIC_URL, for links of mails queued without a request (a waiting-list offer after a sweep); '' when unset. */
  publicUrl?: string;
}

export interface MailKind<Schema extends z.ZodType = z.ZodType> {
  /** The name stored with each job (`mail_jobs.kind`): stable, as jobs outlive deploys. */
  name: string;
  /** Checks a stored payload again at send time: jobs outlive the code that wrote them. */
  payload: Schema;
  /**
   * The mail to send, built when it is sent (attachments are never stored in
   * the job); null when there is nothing to send any more (the job is SKIPPED).
   */
  render(context: MailRenderContext, payload: z.output<Schema>): Promise<MailMessage | null>;
}

/** Types a mail kind's definition (its payload schema drives the render's argument). */
export function defineMailKind<Schema extends z.ZodType>(kind: MailKind<Schema>): MailKind<Schema> {
  return kind;
}

/** The kinds a worker can send, by the name their jobs carry. */
export type MailKinds = ReadonlyMap<string, MailKind>;

/** The registry the worker renders from; two kinds may not share a name. */
export function mailKindRegistry(kinds: readonly MailKind[]): MailKinds {
  const byName = new Map<string, MailKind>();
  for (const kind of kinds) {
    if (byName.has(kind.name)) throw new Error(`two mail kinds are named ${kind.name}`);
    byName.set(kind.name, kind);
  }
  return byName;
}
