import { createHash } from 'node:crypto';
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

/**
 * Statements whose text depends on a few choices (which filters a request gives, a recipe): each shape's text is
 * built once, on its first use, and run as a named prepared statement named by a hash of its text (so the same text
 * always has the same name, on every connection). `key` names the shape; `build` makes its SQL with placeholders
 * only; `values` fills them. Past `limit` shapes (a process that met that many recipes), a new shape is built on each
 * use and runs unnamed, so neither this process nor PostgreSQL's sessions keep more.
 */
export function preparedShapes(prefix: string, limit = 256) {
  const shapes = new Map<string, (db: Executor, values: Record<string, unknown>) => Promise<unknown[]>>();
  return async <Row>(db: Executor, key: string, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> => {
    let run = shapes.get(key);
    if (!run) {
      const query = build();
      if (shapes.size >= limit) return (await preparedStatement<Row>('', query)(db, values)) as Row[];
      const text = dialect.sqlToQuery(query).sql;
      run = preparedStatement(`${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, query);
      shapes.set(key, run);
    }
    return (await run(db, values)) as Row[];
  };
}
