import type Mail from 'nodemailer/lib/mailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { headerText } from './header-text.ts';
import type { MailAddress, MailMessage } from './mail-message.ts';

function headerAddress(value: MailAddress | string): Mail.Address | string {
  if (typeof value === 'string') return headerText(value);
  return { name: headerText(value.name ?? ''), address: headerText(value.address) };
}

/**
 * The From header: MAIL_FROM (`shop@…` or `Name <shop@…>`), under the
 * message's own display name when it has one ("Zoo Demo <shop@…>",
 * decision 0251). The address stays MAIL_FROM's, the one SMTP may send for.
 */
function fromHeader(from: string, name: string | undefined): Mail.Address | string {
  const clean = headerText(from);
  const shown = headerText(name ?? '');
  if (!shown) return clean;
  const [parsed] = addressparser(clean, { flatten: true });
  return parsed?.address ? { name: shown, address: parsed.address } : clean;
}

/** Our message as nodemailer options, every header value stripped of line breaks. */
export function toMailOptions(message: MailMessage, from: string): Mail.Options {
  return {
    from: fromHeader(from, message.fromName),
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
