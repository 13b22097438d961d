import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, databaseUrl } from './test-database-template.ts';
import type { TestDatabaseTemplate } from './test-database-setup.ts';

/** A test database; `url` names a native PostgreSQL one, for child server processes. */
export type TestDatabase = Database & { url?: string };

/** The template tarball, read once per worker (the files a worker runs share its modules). */
let pgliteTarball: { file: string; blob: Promise<Blob> } | undefined;

function tarball(file: string): Promise<Blob> {
  if (pgliteTarball?.file !== file) {
    pgliteTarball = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  }
  return pgliteTarball.blob;
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default,
 * or a throw-away database on the native PostgreSQL at TEST_DATABASE_URL.
 * Each is a copy of the template the global setup migrated once
 * (test-database-setup.ts, decision 0210).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template: TestDatabaseTemplate | undefined = inject('testDatabaseTemplate');
  if (!serverUrl) {
    if (template?.driver === 'pglite') {
      return openDatabase({ driver: 'pglite', dataDir: 'memory://', from: await tarball(template.tarball) });
    }
    const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `kassa_test_${randomBytes(6).toString('hex')}`;
  const copy = template?.driver === 'pg';
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${copy ? ` TEMPLATE ${template.template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ driver: 'pg', url, maxConnections: 20 });
  if (!copy) await database.migrate();
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
