import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('PGlite runs with small shared buffers', () => {
  it('16 MB instead of PostgreSQL’s 128 MB default: they live in the server process and never shrink', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: 'memory://shared-buffers' });
    try {
      const answer = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(answer.rows[0]?.shared_buffers).toBe('16MB');
    } finally {
      await database.close();
    }
    // A PGlite made from nothing runs initdb in WebAssembly: seconds alone, over 30 s on a loaded 2-core machine.
  }, 120_000);
});
