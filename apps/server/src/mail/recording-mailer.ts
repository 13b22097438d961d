import type { MailMessage, Mailer } from './mail-message.ts';

export interface RecordingMailer extends Mailer {
  /** Every message sent, oldest first. */
  readonly sent: MailMessage[];
}

/** A mailer that only remembers what it was asked to send: for tests. */
export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { messageId: `<recorded-${sent.length}@kassa.test>` };
    },
  };
}
