import path from 'node:path';
import type { Config } from '../config.ts';
import type { Mailer } from './mail-message.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** The folder under the data directory where mail lands without SMTP. */
export function outboxFolder(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** SMTP when SMTP_URL is set, else .eml files in `<DATA_DIR>/outbox`. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(outboxFolder(config.dataDir), config.mailFrom);
}
