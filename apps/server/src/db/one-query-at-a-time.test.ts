/**
 * pg printed "DeprecationWarning: Calling client.query() when the client is
 * already executing a query" on every start and every `shop import`: reads
 * sent together (Promise.all) inside one transaction overlap on its single
 * connection. This runs the start (migrate, seed, first requests) and both
 * kinds of import against native PostgreSQL and wants no overlapping query,
 * and no such warning. PGlite has no connections to overlap on: skipped there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { runShop } from '../cli/run-shop.ts';
import { loadConfig } from '../config.ts';
import { demoCatalogueFile } from '../seed/import-demo-catalogue.ts';
import { seedIfEmpty } from '../seed/seed.ts';
import { watchQueryOverlaps } from '../testing/query-overlaps.ts';
import { openTestDatabase } from '../testing/test-database.ts';

const warnings: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === 'DeprecationWarning') warnings.push(warning.message);
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('one query at a time on a connection', () => {
  const dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'one-query-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts, seeds, answers and imports the demo catalogue twice without overlapping queries or pg’s warning', async () => {
    process.on('warning', onWarning);
    const watch = watchQueryOverlaps();
    const database = await openTestDatabase();
    try {
      // What main.ts does on a start: migrate (openTestDatabase did), seed, serve.
      await seedIfEmpty(database.db);
      const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir });
      const app = await buildApp({ config, database, logger: false });
      for (const url of ['/api/home/products', '/api/categories', '/api/organisation', '/api/faq'])
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      await app.close();
      // What `npm run shop -- import` does on a shop that exists: the dry run, then --apply.
      const io = {
        organisationSlug: undefined,
        out: () => {},
        err: (line: string) => {
          throw new Error(line);
        },
        readSecret: async () => '',
        now: () => new Date(),
        dataDir,
      };
      const open = async () => ({ db: database.db, close: async () => {} });
      expect(await runShop(['import', demoCatalogueFile], io, open)).toBe(0);
      expect(await runShop(['import', demoCatalogueFile, '--apply'], io, open)).toBe(0);
    } finally {
      watch.stop();
      await database.close();
      // process.emitWarning reports on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    expect(watch.overlaps).toEqual([]);
  }, 120_000);
});
