import { Placeholder, type SQL } from 'drizzle-orm';
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

/**
 * A statement for the bare server (bench/bare-server.ts): the placeholders named in `bound` become its parameters
 * ($1, $2… in the order given, each read from the request as `bound` says: `user`, `session`, `query.<field>`…),
 * every other value written in.
 */
export function boundStatement(
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
  bound: Record<string, string>,
): { text: string; params: string[] } {
  const names = Object.keys(bound);
  const text = query.sql.replace(/\$(\d+)/g, (_match, n: string) => {
    const param = query.params[Number(n) - 1] as unknown;
    const name = param instanceof Placeholder ? param.name : undefined;
    if (name !== undefined && names.includes(name)) return `$${names.indexOf(name) + 1}`;
    const value = name !== undefined ? values[name] : param;
    if (name !== undefined && !(name in values)) throw new Error(`no value for the placeholder ${name}`);
    if (value === null) return 'NULL';
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
  return { text, params: Object.values(bound) };
}
