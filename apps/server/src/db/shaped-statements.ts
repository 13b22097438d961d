import { createHash } from 'node:crypto';
import { is, Param, Placeholder, type Query, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/**
 * Statements of the order path whose text depends only on their shape (which
 * tables, how many rows, which columns are given), not on their values
 * (decision 0281). drizzle builds a statement's text again on every call, and
 * PostgreSQL parses and plans an unnamed statement again on every call; on a
 * hot slot both are CPU the two cores do not have. Here a statement is built
 * once per shape with a placeholder for every value, and run by name: each
 * node-postgres connection parses it once and binds the values after that,
 * as the order context statement does (load-order-catalog.ts). On PGlite the
 * name is ignored and the text is sent with its values as before.
 */

/** A statement built with placeholders, and the name it is prepared under. */
export interface ShapedStatement {
  name: string;
  query: Query;
}

const dialect = new PgDialect();

/**
 * Statements by shape, built on first use. Its name is the prefix and a
 * digest of the text: one name never stands for two texts on a connection
 * (node-postgres refuses that). Shapes beyond `limit` (an order of many
 * differently kept lines) are built per call and run unnamed, so a
 * connection does not keep a statement for every cart ever seen.
 */
export class StatementShapes {
  private readonly shapes = new Map<string, ShapedStatement>();

  constructor(
    private readonly prefix: string,
    private readonly limit = 64,
  ) {}

  get(shape: string, build: () => SQLWrapper): ShapedStatement {
    const kept = this.shapes.get(shape);
    if (kept) return kept;
    const query = dialect.sqlToQuery(build().getSQL());
    // A value drizzle wrote in at build time (a column's $defaultFn) would be kept for every call.
    for (const param of query.params) {
      if (!(is(param, Placeholder) || (is(param, Param) && is(param.value, Placeholder)))) {
        throw new Error(`${this.prefix}: a value of shape ${shape} is not a placeholder`);
      }
    }
    const digest = createHash('sha256').update(query.sql).digest('base64url').slice(0, 16);
    const statement = { name: this.shapes.size < this.limit ? `${this.prefix}_${digest}` : '', query };
    if (statement.name) this.shapes.set(shape, statement);
    return statement;
  }
}

/**
 * The statement's parameters for `values`: each placeholder's value, through
 * its column's mapping to the driver (JSON, timestamps, arrays) as drizzle
 * maps a value written in; null stays null, as drizzle leaves it.
 */
function parameters(query: Query, values: Record<string, unknown>): unknown[] {
  return query.params.map((param) => {
    const placeholder = is(param, Param) ? (param.value as Placeholder) : (param as Placeholder);
    const value = values[placeholder.name];
    if (value === undefined) throw new Error(`no value for placeholder "${placeholder.name}"`);
    if (value === null || !is(param, Param)) return value;
    return param.encoder.mapToDriverValue(value);
  });
}

/** Runs a shaped statement with `values` on `db` (a transaction's connection, or the pool); answers its rows. */
export async function runShaped(
  db: Db | Tx,
  statement: ShapedStatement,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const query = { sql: statement.query.sql, params: parameters(statement.query, values) };
  const prepared = db._.session.prepareQuery(query, undefined, statement.name || undefined, false);
  const result = (await prepared.execute()) as { rows: Record<string, unknown>[] };
  return result.rows;
}
