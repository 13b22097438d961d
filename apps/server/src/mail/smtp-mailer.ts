import nodemailer from 'nodemailer';
import type { Mailer } from './mail-message.ts';
import { toMailOptions } from './mail-options.ts';

/** A mailer sending through the SMTP server at `url` (smtp://user:pass@host:587, smtps://…). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      const info = await transport.sendMail(toMailOptions(message, from));
      return { messageId: info.messageId };
    },
  };
}
