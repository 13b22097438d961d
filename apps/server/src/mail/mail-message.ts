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
  /** The sender's display name (the shop's, decision 0251); the address is always MAIL_FROM's. */
  fromName?: string;
  to: MailAddress | string;
  replyTo?: MailAddress | string;
  subject: string;
  text: string;
  /** The HTML part; the outbox makes one from `text` in the shop's colours when a kind gives none (decision 0251). */
  html?: string;
  /** The mail's language, for the HTML part's `lang`; by default the shop's. */
  language?: string;
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

/**
 * The message sent to `to` instead of its own recipient (a staff member
 * resending an order's mail to a corrected address, decision 0232); the
 * recipient's name is kept. Unchanged when `to` is undefined or there is no message.
 */
export function addressedTo<Message extends MailMessage | null>(
  message: Message,
  to: string | undefined,
): Message {
  if (!message || to === undefined) return message;
  const name = typeof message.to === 'string' ? undefined : message.to.name;
  return { ...message, to: name === undefined ? to : { name, address: to } };
}
