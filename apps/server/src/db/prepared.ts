import { getTableColumns, type InferSelectModel, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

const dialect = new PgDialect();

/**
 * A hand-written statement (e.g. several writes in one CTE) run as a named prepared statement on PostgreSQL: it is
 * parsed and planned once per connection, like the query builder's `.prepare(name)`. Values are `sql.placeholder`s.
 * Rows come back as the driver gives them (column names, timestamps as text): map them with `rowOf`.
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const prepared = db._.session.prepareQuery(built, undefined, name, false);
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/** A raw row of `table` (as `RETURNING *` gives it) as the query builder would have mapped it. */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
