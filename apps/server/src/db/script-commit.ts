import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgSessionOptions } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * A transaction whose last statement may commit it in the same round trip
 * (a new booking's seat check, decision 0277): on node-postgres a query text
 * without parameters may hold several statements, sent and answered at once,
 * so `<check>; COMMIT` ends the transaction inside PostgreSQL. drizzle's own
 * transaction always sends its COMMIT after the callback, one round trip
 * more; this one sends it only when the script did not.
 *
 * The transaction commits asynchronously, and the round trip that ends it
 * waits for the WAL flush after the fact (decision 0278): PostgreSQL keeps a
 * transaction's locks (a hot slot's plot lock) until its commit is flushed,
 * so a synchronous commit holds every other booking of the plot for an
 * fsync. With `synchronous_commit = off` the commit record is written and the
 * locks released at once; the same script then commits one more tiny
 * transaction under the server's own synchronous_commit, which waits for the
 * WAL up to its commit record, after ours: no answer leaves before the
 * booking is as durable as any other commit, and waiting bookings share an
 * fsync (group commit) outside the lock.
 */

/**
 * Waits until every commit before it is as durable as the server's own
 * synchronous_commit makes a commit (flushed, and on a synchronous standby
 * when one is named). The transaction needs an id and a WAL record of its
 * own: PostgreSQL commits one that wrote no WAL without waiting for any
 * flush, so `SELECT pg_current_xact_id()` alone would return at once. A
 * transactional logical message is that record, with no table written.
 */
export const WAIT_FOR_FLUSH = "BEGIN; SELECT pg_logical_emit_message(true, 'kassa.flush', ''); COMMIT";

/** Opens the transaction: its commit does not wait for the WAL flush, the script ending it does. */
const BEGIN_ASYNC = 'BEGIN; SET LOCAL synchronous_commit = off';

/** Transactions opened here, and those of them a script has committed (until the handle's next transaction). */
const opened = new WeakSet<Tx>();
const committed = new WeakSet<Tx>();
/** The transaction handle of each pooled connection: it runs one transaction at a time, as the connection does. */
const handles = new WeakMap<pg.PoolClient, Tx>();

/** What a node-postgres database built by drizzle(pool, { schema }) carries besides the Db type. */
interface NodePgParts {
  $client: unknown;
  dialect: PgDialect;
  _: {
    /** The pool's session: its logger and cache go to the transaction's too. */
    session: { options: NodePgSessionOptions };
    schema: unknown;
    fullSchema: Record<string, unknown>;
    tableNamesMap: Record<string, string>;
  };
}

/**
 * Runs `work` in one READ COMMITTED transaction, as db.transaction does; on a
 * node-postgres pool the transaction may be ended by commitInScript, and
 * however it ends (commitInScript, COMMIT, ROLLBACK) that round trip also
 * runs WAIT_FOR_FLUSH: a refusal, or a replay that waited for its twin's
 * commit, is not answered from a commit a crash could still take back. Any
 * other database (PGlite, or a transaction already open, which nests as a
 * savepoint) runs it with db.transaction: commitInScript then only runs the
 * statement.
 */
export async function transactionCommittable<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const parts = db as unknown as NodePgParts;
  if (!(parts.$client instanceof pg.Pool)) return db.transaction(work);
  const client = await parts.$client.connect();
  // One transaction handle per pooled connection, made on its first transaction: drizzle builds a
  // query builder for every table of the schema per handle, work no booking needs to repeat.
  let tx = handles.get(client);
  if (!tx) {
    const schema = {
      schema: parts._.schema,
      fullSchema: parts._.fullSchema,
      tableNamesMap: parts._.tableNamesMap,
    };
    const session = new NodePgSession(client, parts.dialect, schema as never, parts._.session.options);
    tx = new NodePgTransaction(parts.dialect, session, schema as never) as unknown as Tx;
    handles.set(client, tx);
    opened.add(tx);
  }
  committed.delete(tx);
  // A connection whose transaction could not be ended is closed, not handed to the next caller mid-transaction.
  let broken: Error | undefined;
  try {
    await tx.execute(sql.raw(BEGIN_ASYNC));
    try {
      const result = await work(tx);
      if (!committed.has(tx)) await tx.execute(sql.raw(`COMMIT; ${WAIT_FOR_FLUSH}`));
      return result;
    } catch (error) {
      // A script that failed stopped before its COMMIT: the transaction is still open and aborted.
      if (!committed.has(tx)) {
        await tx.execute(sql.raw(`ROLLBACK; ${WAIT_FOR_FLUSH}`)).catch((rollbackFailed: unknown) => {
          broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
        });
      }
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Runs `statement` (no parameters: every value in its text) and, when `tx`
 * was opened by transactionCommittable on node-postgres, the COMMIT and
 * WAIT_FOR_FLUSH in the same round trip; answers whether it committed. The
 * COMMIT releases the transaction's locks without waiting for the disk; the
 * round trip ends once the WAL holding it is flushed. A failing statement
 * stops the script before the COMMIT. Nothing may be run on `tx` after a
 * commit.
 */
export async function commitInScript(tx: Tx, statement: string): Promise<boolean> {
  if (!opened.has(tx)) {
    await tx.execute(sql.raw(statement));
    return false;
  }
  await tx.execute(sql.raw(`${statement};\nCOMMIT; ${WAIT_FOR_FLUSH}`));
  committed.add(tx);
  return true;
}
