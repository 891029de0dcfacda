import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface Budget {
  entry: number;
  routes: Record<string, number>;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Fails the build when a public route's first-load JavaScript (gzip) exceeds its budget in size-budget.json, and
 * writes route-chunks.json: the chunks of the app and of each route, which the server names in modulepreload links.
 */
export function sizeBudget(
  // SIZE_BUDGET_FILE: try other budgets (e.g. a lowered one, to see the build fail) without editing the real file.
  budgetFile = process.env.SIZE_BUDGET_FILE ?? fileURLToPath(new URL('../size-budget.json', import.meta.url)),
): Plugin {
  return {
    name: 'placely-size-budget',
    apply: 'build',
    // After Vite's own generateBundle work, which writes the preload lists into the chunks' code: measured before it,
    // a first load came out some 2.5 KB lighter than the files served.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const budget = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budget;
        const chunks = new Map<string, ChunkLike>();
        for (const item of Object.values(bundle))
          if (item.type === 'chunk') chunks.set(item.fileName, item as ChunkLike);
        const gzip = new Map<string, number>();
        const sizeOf = (file: string) => {
          let size = gzip.get(file);
          if (size === undefined) {
            size = gzipSync(chunks.get(file)?.code ?? '', { level: 6 }).length;
            gzip.set(file, size);
          }
          return size;
        };
        const closure = (file: string, into = new Set<string>()) => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) closure(imported, into);
          return into;
        };
        // The chunk holding a module: its facade, or one of a group's chunks (vite.config.ts's codeSplitting groups).
        const byModule = (test: (id: string) => boolean) =>
          [...chunks.values()].find(
            (chunk) => chunk.facadeModuleId && test(chunk.facadeModuleId.replaceAll('\\', '/')),
          ) ?? [...chunks.values()].find((chunk) => chunk.moduleIds.some((id) => test(id.replaceAll('\\', '/'))));

        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const app = byModule((id) => id.endsWith('/src/app/start.tsx'));
        if (!entry || !app) this.error('size budget: the entry or the app chunk (src/app/start.tsx) is missing');
        const entryFiles = closure(entry.fileName);
        const appFiles = closure(app.fileName);
        const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + sizeOf(file), 0);

        const rows: string[] = [];
        const over: string[] = [];
        const entryKb = kb(sum(entryFiles));
        rows.push(`  entry (server-rendered, signed out)  ${entryKb} KB / ${budget.entry} KB`);
        if (entryKb > budget.entry) over.push(`entry: ${entryKb} KB > ${budget.entry} KB`);

        const routeChunks: Record<string, string[]> = {};
        for (const [route, limit] of Object.entries(budget.routes)) {
          const chunk = byModule((id) => id.endsWith(`/src/app/routes/${route}.tsx`));
          if (!chunk) {
            over.push(`${route}: no chunk for src/app/routes/${route}.tsx`);
            continue;
          }
          const routeFiles = closure(chunk.fileName);
          routeChunks[route] = [...routeFiles].filter((file) => !appFiles.has(file) && !entryFiles.has(file));
          const total = kb(sum(new Set([...entryFiles, ...appFiles, ...routeFiles])));
          rows.push(`  ${route.padEnd(36)} ${total} KB / ${limit} KB`);
          if (total > limit) over.push(`${route}: ${total} KB > ${limit} KB`);
        }
        this.emitFile({
          type: 'asset',
          fileName: 'route-chunks.json',
          source: `${JSON.stringify({ app: [...appFiles].filter((file) => !entryFiles.has(file)), routes: routeChunks }, null, 2)}\n`,
        });
        this.info(`first-load JavaScript (gzip) against size-budget.json:\n${rows.join('\n')}`);
        if (over.length > 0) this.error(`size budget exceeded (${budgetFile}):\n  ${over.join('\n  ')}`);
      },
    },
  };
}
