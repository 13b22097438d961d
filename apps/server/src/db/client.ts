import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import { appendOnlyStatements } from './append-only.ts';
import { seatFunctionStatements } from './seat-check.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Either driver's database; services see only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseConfig =
  /** from: a data directory dumped by PGlite (dumpDataDir) to start with instead of an empty database. */
  | { driver: 'pglite'; dataDir: string; from?: Blob }
  | { driver: 'pg'; url: string; maxConnections?: number };

export interface Database {
  db: Db;
  driver: DatabaseConfig['driver'];
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// Any fixed 64-bit number: serialises migrations across server instances.
const MIGRATION_LOCK = 7_411_002_233;

/**
 * PostgreSQL's default 128 MB of shared buffers live inside PGlite's
 * WebAssembly memory, in the server's own process, and that memory never
 * shrinks once touched. The data directory's files are on the local disk,
 * whose pages the operating system caches anyway: 16 MB keeps the catalogue's
 * working set in buffers and the process about 140 MB smaller after a
 * minute of load (572 → 433 MB RSS, demo shop, mixed page, plots and home
 * list load). Native PostgreSQL is configured by its own server.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/** What every migration run (re)makes that drizzle's migrations cannot: triggers and functions. */
export function afterMigration(): string[] {
  return [...appendOnlyStatements(), ...seatFunctionStatements()];
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.driver === 'pglite') return openPglite(config.dataDir, config.from);
  return openPg(config.url, config.maxConnections ?? 10);
}

async function openPglite(dataDir: string, from: Blob | undefined): Promise<Database> {
  // PGlite creates only the last folder of its path.
  if (!dataDir.startsWith('memory://')) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = new PGlite({ dataDir, loadDataDir: from, postgresqlconf: PGLITE_SETTINGS });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      for (const statement of afterMigration()) await client.exec(statement);
    },
    close: () => client.close(),
  };
}

async function openPg(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    async migrate() {
      // Advisory locks belong to a session, so lock and migrate on one client.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        for (const statement of afterMigration()) await client.query(statement);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
