/**
 * What the rest of the server hands the mail module. Generic on purpose:
 * refund requests, order confirmations and tickets all fit this one shape.
 */

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: MailAddress | string;
  replyTo?: MailAddress | string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface SentMail {
  /** The Message-ID header of the sent message. */
  messageId: string;
}

/** Sends one message; created once in main.ts for the outbox worker (src/outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}
