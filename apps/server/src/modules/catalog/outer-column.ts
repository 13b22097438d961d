import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A column always written as "table"."column". Drizzle drops the table name
 * from columns in the select list of a single-table query, which would turn
 * the outer reference of a correlated subquery into an inner one.
 */
export function outerColumn(table: PgTable, column: Column): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}
