import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client';

/**
 * Vitest global setup: one migrated PGlite cluster dumped to a file, named by the migrations' content, so each test
 * file loads it (under a second) instead of creating a cluster and migrating it (about four). PostgreSQL runs
 * (TEST_DATABASE_URL) create real databases and do not use it.
 */
export default async function setup({ provide }: { provide: (key: 'pgliteTemplate', value: string) => void }) {
  if (process.env.TEST_DATABASE_URL) return;
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  const template = path.join(tmpdir(), `placely-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(template)) {
    const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: undefined });
    await handle.migrate();
    const dump = await handle.dumpPglite?.();
    await handle.close();
    if (!dump) throw new Error('PGlite could not dump its data directory');
    // Written aside then renamed, so a concurrent run never reads half a file.
    const partial = `${template}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, template);
  }
  provide('pgliteTemplate', template);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
