import { buildApp } from '../app.ts';
import type { App } from '../deps.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Mailer } from '../mail/mail-message.ts';
import { createRecordingMailer } from '../mail/recording-mailer.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** buildApp on a fresh test database, no logging, demo seeding off. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** mailer: by default a recording one, so no test writes mail into the working tree. */
  options: { now?: () => Date; mailer?: Mailer } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    DATA_DIR: 'memory://',
    ...overrides,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    now: options.now,
    mailer: options.mailer ?? createRecordingMailer(),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
