/**
 * A booking commits without waiting for the disk and is answered only after
 * a later commit's WAL flush (db/script-commit.ts, decision 0278). That holds
 * only if WAIT_FOR_FLUSH really waits: PostgreSQL commits a transaction that
 * wrote no WAL of its own without any flush, however synchronous_commit is
 * set. Each round here commits asynchronously, reads how far the WAL was
 * written, runs the step, and reads how far it was flushed, all in one
 * script (no other round trip in between). With the step the flush is past
 * every round's write; a transaction id alone (the control) returns with the
 * write not yet flushed. PGlite writes no WAL to a disk here: skipped there.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { WAIT_FOR_FLUSH } from './script-commit.ts';

const ROUNDS = 40;

/** Ends a transaction that wrote nothing but asked for its id: the step as first proposed. */
const TRANSACTION_ID_ONLY = 'BEGIN; SELECT pg_current_xact_id(); COMMIT';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'waiting for the WAL flush after an asynchronous commit',
  () => {
    let testDatabase: TestDatabase;
    let client: pg.Client;

    beforeAll(async () => {
      testDatabase = await openTestDatabase();
      client = new pg.Client({ connectionString: testDatabase.url });
      await client.connect();
      await client.query(
        'CREATE TABLE flush_probe (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())',
      );
    });
    afterAll(async () => {
      await client?.end();
      await testDatabase?.close();
    });

    /** Per round: whether the WAL was flushed past what the asynchronous commit had written when `step` returned. */
    async function flushedAfter(step: string): Promise<boolean[]> {
      const outcomes: boolean[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const results = (await client.query(
          `BEGIN; SET LOCAL synchronous_commit = off; INSERT INTO flush_probe DEFAULT VALUES; COMMIT;
         SELECT pg_current_wal_insert_lsn()::text AS written; ${step};
         SELECT pg_current_wal_flush_lsn()::text AS flushed`,
        )) as unknown as pg.QueryResult[];
        const written = results.find((result) => result.fields[0]?.name === 'written')!.rows[0]
          .written as string;
        const flushed = results.at(-1)!.rows[0].flushed as string;
        outcomes.push(lsn(flushed) >= lsn(written));
      }
      return outcomes;
    }

    it('returns only when the WAL written by the asynchronous commit before it is flushed', async () => {
      expect(await flushedAfter(WAIT_FOR_FLUSH)).toEqual(Array.from({ length: ROUNDS }, () => true));
    });

    it('(control) a transaction that only takes an id returns before that flush', async () => {
      expect(await flushedAfter(TRANSACTION_ID_ONLY)).toContain(false);
    });
  },
);

/** A pg_lsn ('16/B374D848') as a number of bytes. */
function lsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}
