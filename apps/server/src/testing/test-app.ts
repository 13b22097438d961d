import { buildApp } from '../app.ts';
import type { App, AppOptions } from '../deps.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import pino from 'pino';
import type { Mailer } from '../mail/mail-message.ts';
import { createRecordingMailer } from '../mail/recording-mailer.ts';
import { sendDueMail, type MailRunResult } from '../outbox/send-due-mail.ts';
import { MAIL_KINDS } from '../wiring/mail-kinds.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  /** Sends the mail outbox now (what the worker main.ts starts does on its timer), at the app's clock. */
  deliverMail(): Promise<MailRunResult>;
  close(): Promise<void>;
}

/** buildApp on a fresh test database, no logging, demo seeding off. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** mailer: what deliverMail sends with; by default a recording one, so no test writes mail into the working tree. */
  options: {
    now?: () => Date;
    mailer?: Mailer;
    logger?: AppOptions['logger'];
    renderPage?: AppOptions['renderPage'];
    readiness?: AppOptions['readiness'];
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    ...overrides,
  });
  const mailer = options.mailer ?? createRecordingMailer();
  const app = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    now: options.now,
    renderPage: options.renderPage,
    readiness: options.readiness,
  });
  await app.ready();
  const now = options.now ?? (() => new Date());
  return {
    app,
    db: database.db,
    database,
    config,
    deliverMail: () =>
      sendDueMail(
        {
          db: database.db,
          mailer,
          log: pino({ level: 'silent' }),
          kinds: MAIL_KINDS,
          publicUrl: config.publicUrl,
        },
        now,
      ),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
