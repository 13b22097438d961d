/**
 * One kind of mail the outbox sends (decision 0050): the shape of its job's
 * payload, and how the mail is built from it when it is sent. A new kind is
 * a `defineMailKind` in its own module plus one line in mail-kinds.ts.
 */
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mail-message.ts';

/** What a kind may read to build its mail: the database as it is at send time. */
export interface MailRenderContext {
  db: Db;
  /** The worker's clock when it sends (a reminder for a reservation that ended meanwhile renders nothing). */
  now: Date;
}

export interface MailKind<Schema extends z.ZodType = z.ZodType> {
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
