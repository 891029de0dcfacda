import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';

/**
 * Tables whose rows the product never deletes: a user has no account deletion (the spec has none), an application is
 * withdrawn rather than deleted and its opening and organization are only marked deleted, an institution is data
 * that education entries and verification groups point at. Keys that point at them never run their action, so
 * the who-did-it columns that point at users (`decided_by`, `granted_by`, `actor_id`…) carry no index that every
 * write would have to maintain.
 */
const NEVER_DELETED = ['users', 'institutions', 'applications'];

interface ForeignKeyRow {
  table: string;
  columns: string;
  references: string;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('foreign keys', () => {
  const database = useTestDatabase();

  it('lead an index, unless the rows they point at are never deleted', async () => {
    // Deleting a referenced row runs `… WHERE key = $1` on the referencing table (to cascade, set null or refuse).
    // Without an index that leads with the key's columns, that statement reads the whole table, once per deleted
    // row: deleting a stage read every stage move, deleting a file every video answer. A partial index cannot
    // serve it.
    const result = (await database.db.execute(sql`
      select c.conrelid::regclass::text as "table",
             (select string_agg(a.attname, ', ' order by k.ord)
                from unnest(c.conkey) with ordinality k(attnum, ord)
                join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as "columns",
             c.confrelid::regclass::text as "references"
      from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid and i.indpred is null
            and (select array_agg(i.indkey[n] order by n) from generate_series(0, cardinality(c.conkey) - 1) n)
                operator(pg_catalog.@>) c.conkey
            and (select array_agg(i.indkey[n] order by n) from generate_series(0, cardinality(c.conkey) - 1) n)
                operator(pg_catalog.<@) c.conkey)
      order by 1, 2`)) as unknown as { rows: ForeignKeyRow[] };
    const unindexed = result.rows
      .filter((row) => !NEVER_DELETED.includes(row.references))
      .map((row) => `${row.table} (${row.columns}) → ${row.references}`);
    expect(unindexed).toEqual([]);
  });

  it('go unindexed only where no source file deletes the rows they point at', () => {
    const source = path.resolve(import.meta.dirname, '..');
    const deleting = new RegExp(
      String.raw`\.delete\(\s*(${NEVER_DELETED.map((table) => table.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())).join('|')})\s*\)` +
        String.raw`|delete\s+from\s+"?(${NEVER_DELETED.join('|')})\b`,
      'i',
    );
    const offenders = sourceFiles(source).filter((file) => deleting.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(source, file))).toEqual([]);
  });
});
