/**
 * Whole table rows through JSON, so several small reads can travel in one
 * statement: `(SELECT json_agg(${rowJson(t)}) FROM t WHERE …)` per table,
 * side by side in one SELECT, then `decodeRows(t, value)` gives the same
 * `t.$inferSelect` objects a `db.select().from(t)` would.
 *
 * Why: on a hot path every statement is a round trip with its own protocol
 * and executor work on both sides; the order path read six small tables one
 * statement each (decision 0011).
 *
 * Integers, booleans, text and json(b) (and arrays of them) go as JSON
 * values; every other type is sent as its text form (`::text`), which is
 * what the drivers hand drizzle for those types anyway (drizzle keeps
 * timestamps, dates and intervals as text), so each column's own
 * mapFromDriverValue decodes it exactly as it would a plain select.
 */
import { getTableColumns, getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';

const NATIVE_JSON =
  /^(integer|smallint|serial|smallserial|boolean|text|varchar|char|character varying|json|jsonb)(\(\d+\))?(\[\])*$/;

interface Decoder {
  /** Property name and column, in select order. */
  columns: [string, Column][];
  select: SQL;
}

const decoders = new WeakMap<Table, Decoder>();

/** A quoted SQL identifier. */
function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function decoderOf(table: Table): Decoder {
  let decoder = decoders.get(table);
  if (!decoder) {
    const columns = Object.entries(getTableColumns(table)) as [string, Column][];
    const tableName = quoted(getTableName(table));
    // Rendered once as text: drizzle would otherwise walk every column on every query.
    const values = columns.map(([, column]) => {
      const name = `${tableName}.${quoted(column.name)}`;
      return NATIVE_JSON.test(column.getSQLType()) ? name : `${name}::text`;
    });
    decoder = { columns, select: sql.raw(`json_build_array(${values.join(', ')})`) };
    decoders.set(table, decoder);
  }
  return decoder;
}

/** One row of `table` as a JSON array of its columns (for json_agg or json_build_array). */
export function rowJson(table: Table): SQL {
  return decoderOf(table).select;
}

/** A row built by rowJson, as drizzle would return it from a select of the whole table. */
export function decodeRow<T extends Table>(table: T, row: unknown): T['$inferSelect'] {
  const { columns } = decoderOf(table);
  const values = row as unknown[];
  const result: Record<string, unknown> = {};
  for (let index = 0; index < columns.length; index++) {
    const [key, column] = columns[index]!;
    const value = values[index] ?? null;
    result[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return result as T['$inferSelect'];
}

/** A json_agg of rowJson rows (null or a JSON array; some drivers leave json as text). */
export function decodeRows<T extends Table>(table: T, value: unknown): T['$inferSelect'][] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as unknown[] | null;
  return rows ? rows.map((row) => decodeRow(table, row)) : [];
}
