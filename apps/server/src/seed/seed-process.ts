/**
 * The demo seed in a process of its own (decision 0288). Seeding builds
 * thousands of rows through the ORM: the process that does it ends with a
 * JavaScript heap, C allocator arenas and (on PGlite) WebAssembly memory
 * grown for the seed, none of which a server gives back. A server that lets
 * a short-lived process of the same program seed, and then opens the
 * database itself, serves with the memory of any later start.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { organisations } from '../db/schema.ts';
import { seedIfEmpty } from './seed.ts';

/** Set in the seeding process's environment: main.ts seeds and exits instead of serving. */
export const SEED_PROCESS_ENV = 'KASSA_SEED_PROCESS';

/** True when the database holds no organisation yet (the state seedIfEmpty seeds). */
export async function holdsNoShop(database: Database): Promise<boolean> {
  const existing = await database.db.select({ id: organisations.id }).from(organisations).limit(1);
  return existing.length === 0;
}

/**
 * Node flags the seeding process must not inherit: a debugger port is the
 * parent's, and watch mode would restart it on every edit.
 */
const PARENT_ONLY_FLAG = /^--(inspect|watch)/;

/**
 * Runs this same program (the script and node flags this process was started
 * with) with SEED_PROCESS_ENV set, and resolves when it has seeded and exited.
 * PGlite opens a folder in one process at a time: the caller closes its own
 * first. Its output goes where this process's does.
 */
export async function seedInOwnProcess(): Promise<void> {
  const script = process.argv[1];
  if (script === undefined) throw new Error('the seeding process needs the script this process runs');
  const child = spawn(
    process.execPath,
    [...process.execArgv.filter((flag) => !PARENT_ONLY_FLAG.test(flag)), script],
    {
      env: { ...process.env, [SEED_PROCESS_ENV]: '1' },
      stdio: 'inherit',
    },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode, signal) => resolve(signal === null ? exitCode : null));
  });
  if (code !== 0)
    throw new Error(`seeding the demo shop failed (its process exited with ${code ?? 'a signal'})`);
}

/**
 * True for a PGlite folder that holds no database yet: the seeding process
 * creates and migrates it too, so the server never holds the memory of that
 * either (PostgreSQL writes PG_VERSION first when it creates a database).
 */
export function isNewPgliteFolder(config: Config): boolean {
  const { database } = config;
  return (
    database.driver === 'pglite' &&
    !database.dataDir.startsWith('memory://') &&
    !existsSync(path.join(database.dataDir, 'PG_VERSION'))
  );
}

/** The seeding process's whole work: the database migrated, and the demo shop if it has no shop yet. */
export async function seedAndExit(config: Config): Promise<void> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
  } finally {
    await database.close();
  }
}
