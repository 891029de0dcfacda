// Migration tests replay the SQL migrations one by one, so data made by an older schema can be checked after a newer one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { expect } from 'vitest';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

/**
 * A replay runs every migration in PGlite's WebAssembly build, CPU-bound work that grows with each migration: at 31
 * migrations it took 26–35 s with the two cores busy (load 17), past the default 30 s test timeout.
 */
export const MIGRATION_REPLAY_TIMEOUT_MS = 120_000;

async function apply(db: PGlite, tag: string) {
  const text = readFileSync(path.join(drizzleDir, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/**
 * A fresh in-memory database migrated up to (not including) `tag`; `finish()` applies `tag` and every later migration.
 * Fails when `tag` is not in the journal, so a renumbered migration cannot turn the test into a no-op.
 */
export async function migratedUpTo(tag: string) {
  const tags = journal.entries.map((entry) => entry.tag);
  const at = tags.indexOf(tag);
  expect(at, `${tag} is in the migration journal`).toBeGreaterThan(0);
  const db = await PGlite.create();
  for (const earlier of tags.slice(0, at)) await apply(db, earlier);
  return {
    db,
    async finish() {
      for (const later of tags.slice(at)) await apply(db, later);
    },
  };
}
