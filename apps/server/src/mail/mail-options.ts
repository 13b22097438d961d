import type Mail from 'nodemailer/lib/mailer';
import { headerText } from './header-text.ts';
import type { MailAddress, MailMessage } from './mail-message.ts';

function headerAddress(value: MailAddress | string): Mail.Address | string {
  if (typeof value === 'string') return headerText(value);
  return { name: headerText(value.name ?? ''), address: headerText(value.address) };
}

/** Our message as nodemailer options, every header value stripped of line breaks. */
export function toMailOptions(message: MailMessage, from: string): Mail.Options {
  return {
    from: headerText(from),
    to: headerAddress(message.to),
    replyTo: message.replyTo === undefined ? undefined : headerAddress(message.replyTo),
    subject: headerText(message.subject),
    text: message.text,
    html: message.html,
    attachments: message.attachments?.map((attachment) => ({
      filename: headerText(attachment.filename),
      content: attachment.content,
      contentType: attachment.contentType,
    })),
  };
}
