import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** A statement with its parameters written in, for pgbench, psql and EXPLAIN. */
export function inline(query: SQL | { sql: string; params: unknown[] }): string {
  const { sql: text, params } = 'params' in query ? query : new PgDialect().sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_match, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null) return 'NULL';
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}
