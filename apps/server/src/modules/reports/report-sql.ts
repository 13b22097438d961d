import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rows of a raw query, the same under PGlite and node-postgres. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A count or sum as PostgreSQL answers it (bigint and numeric come as strings). */
export const int = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
