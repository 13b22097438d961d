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
import { holdsAShop, seedIfEmpty } from './seed.ts';

/** Set in the seeding process's environment: main.ts seeds and exits instead of serving. */
export const SEED_PROCESS_ENV = 'KASSA_SEED_PROCESS';

/** An in-memory PGlite (`memory://`): no other process can open it. */
function inMemory(config: Config): boolean {
  return config.database.driver === 'pglite' && config.database.dataDir.startsWith('memory://');
}

/**
 * Before the server opens its database: a new PGlite folder is created,
 * migrated and seeded by the seeding process, so the server does none of it.
 */
export async function seedNewFolder(config: Config): Promise<void> {
  if (config.seedDemo && isNewPgliteFolder(config)) await seedInOwnProcess();
}

/**
 * After the migrations: the demo shop for a database that holds no shop yet
 * (native PostgreSQL, or a folder whose seeding was cut off), by the seeding
 * process, and in this process only for an in-memory database. Returns the
 * database to serve: PGlite's folder is opened by one process at a time, so
 * it is closed around the seeding and opened again.
 */
export async function seedIfNoShop(config: Config, database: Database): Promise<Database> {
  if (!config.seedDemo) return database;
  if (inMemory(config)) {
    await seedIfEmpty(database.db);
    return database;
  }
  if (await holdsAShop(database.db)) return database;
  if (config.database.driver !== 'pglite') {
    await seedInOwnProcess();
    return database;
  }
  await database.close();
  await seedInOwnProcess();
  return openDatabase(config.database);
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
function isNewPgliteFolder(config: Config): boolean {
  const { database } = config;
  return (
    database.driver === 'pglite' &&
    !inMemory(config) &&
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
