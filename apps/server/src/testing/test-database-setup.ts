/**
 * The server tests' global setup (apps/server/vitest.config.ts), run once per
 * vitest run before any test file: picks the database engine and prepares the
 * migrated template each file's database is copied from (decision 0210).
 *
 * TEST_DATABASE_URL names a native PostgreSQL; unset, the one at the
 * documented default address is used when it answers, so a plain `npm test`
 * includes the race proofs that need real concurrent connections. Set but
 * empty, or with nothing answering, the tests run on PGlite and say loudly
 * that the race proofs were skipped.
 */
import type { TestProject } from 'vitest/node';
import { adminQuery, pgliteTemplate, postgresTemplate } from './test-database-template.ts';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** What test-database.ts needs from here. */
export type TestDatabaseTemplate =
  | { driver: 'pg'; template: string }
  | { driver: 'pglite'; tarball: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

let skipNotice: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  const serverUrl = await chooseServer();
  if (serverUrl) {
    // Test files read it to decide whether their race proofs run; the workers inherit it.
    process.env.TEST_DATABASE_URL = serverUrl;
    project.provide('testDatabaseTemplate', { driver: 'pg', template: await postgresTemplate(serverUrl) });
    console.log(`server tests: native PostgreSQL at ${serverUrl}, race proofs included`);
  } else {
    project.provide('testDatabaseTemplate', { driver: 'pglite', tarball: await pgliteTemplate() });
    console.log(skipNotice);
  }
}

/** Said again after the summary, where it is seen. */
export function teardown(): void {
  if (skipNotice) console.log(skipNotice);
}

async function chooseServer(): Promise<string | undefined> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) return configured;
  if (configured === '') {
    skipNotice = notice('TEST_DATABASE_URL is empty');
    return undefined;
  }
  try {
    await adminQuery(DEFAULT_TEST_DATABASE_URL, 'SELECT 1');
    return DEFAULT_TEST_DATABASE_URL;
  } catch (error) {
    skipNotice = notice(`no PostgreSQL answers at ${DEFAULT_TEST_DATABASE_URL} (${reasonOf(error)})`);
    return undefined;
  }
}

function notice(reason: string): string {
  return [
    '',
    `!!! SKIPPED: the native-PostgreSQL race proofs did not run: ${reason}.`,
    '!!! The server tests ran on PGlite only. Start PostgreSQL there or set TEST_DATABASE_URL (README, Tests).',
    '',
  ].join('\n');
}

function reasonOf(error: unknown): string {
  if (error instanceof Error) return (error as Error & { code?: string }).code ?? error.message;
  return String(error);
}
