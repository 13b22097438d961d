import type { Tx } from '../db/client.ts';

/** What every seed step needs: the open transaction, the shop and the clock. */
export interface SeedContext {
  tx: Tx;
  organisationId: number;
  /** Today in the organisation's time zone, YYYY-MM-DD. */
  today: string;
  now: Date;
}

/** Where a seed image is served (see modules/media). */
export function media(file: string): string {
  return `/media/${file}`;
}
