/**
 * Named prepared statements for raw SQL on the hot order path.
 *
 * Why: PostgreSQL parses and plans every unnamed statement anew; a named
 * one is parsed once per connection and, once its generic plan proves as
 * good, no longer planned either (issue #4, item 9: the booking statements
 * run once per order, some while the plot lock is held). drizzle prepares
 * its query builders with `.prepare(name)`; this does the same for a `sql`
 * template, through the session of the database or transaction given.
 *
 * A name must always come with the same SQL text (node-postgres refuses a
 * second text under a known name): write such statements with a fixed
 * shape, lists as array parameters (`= ANY(${sql.param(ids)}::int[])`).
 * PGlite runs them as ordinary statements.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';

const dialect = new PgDialect();
/** The text each name was first prepared with, to catch a name reused for other SQL. */
const texts = new Map<string, string>();

export async function executePrepared<Row extends Record<string, unknown>>(
  db: Db | Tx,
  name: string,
  query: SQL,
): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const known = texts.get(name);
  if (known === undefined) texts.set(name, built.sql);
  else if (known !== built.sql) throw new Error(`Prepared statement ${name} used with another SQL text`);
  const prepared = db._.session.prepareQuery(
    { sql: built.sql, params: built.params },
    undefined,
    name,
    false,
  );
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
