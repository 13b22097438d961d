/**
 * The migrated database every server test file starts from (decision 0210),
 * built once and kept between runs under a name that changes with the
 * migrations: a PGlite data directory tarball in .tmp/, or a template
 * database on the native PostgreSQL.
 */
import type { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { afterMigration } from '../db/client.ts';
import { migrationsFolder, serverRoot } from '../paths.ts';

const templatesFolder = path.resolve(serverRoot, '../../.tmp/test-databases');

/**
 * A short hash of every migration file and of what each migration run makes
 * besides (triggers, the seat function): a change to either means a new template.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  for (const statement of afterMigration()) hash.update(statement);
  return hash.digest('hex').slice(0, 12);
}

/** PGlite's data directory format belongs to its release: a new release, a new tarball. */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let folder = path.dirname(entry);
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The path of a migrated PGlite data directory (gzipped tar), written if it is not there yet. */
export async function pgliteTemplate(): Promise<string> {
  const name = `pglite-${pgliteVersion()}-${migrationsHash()}.tar.gz`;
  const file = path.join(templatesFolder, name);
  if (existsSync(file)) return file;
  const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://' });
  try {
    await database.migrate();
    // drizzle keeps the client it wraps; the Database interface has no reason to expose it.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(templatesFolder, { recursive: true });
    // Written aside and renamed, so a run started meanwhile never reads half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  for (const other of readdirSync(templatesFolder)) {
    if (other.startsWith('pglite-') && other !== name) rmSync(path.join(templatesFolder, other), { force: true });
  }
  return file;
}

/** The name of a migrated template database on the PostgreSQL at `serverUrl`, created if it is not there yet. */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `kassa_test_template_${migrationsHash()}`;
  const exists = await adminQuery(serverUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount) return name;
  // Built under a name of its own and renamed once migrated: a run that
  // stopped halfway leaves no broken template, and two runs at once both succeed.
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${building}`);
  const database = await openDatabase({ driver: 'pg', url: databaseUrl(serverUrl, building), maxConnections: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    await adminQuery(serverUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  } catch (error) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${building}`);
    // Another run finished the same template first.
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return name;
}

/** `serverUrl` with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(url: string, sql: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}
