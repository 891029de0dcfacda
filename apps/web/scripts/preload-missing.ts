import type { Plugin } from 'vite';

type ResolveDependencies = (
  filename: string,
  deps: string[],
  context: { hostId: string; hostType: 'html' | 'js' },
) => string[];

/**
 * Vite lists, at each dynamic import, every chunk the imported one needs, so it can preload them all at once — also
 * those the importing chunk has already loaded (its own static imports: the entry, the vendor and app chunks, at
 * each of the router's lazy routes). Those names weigh on the app's first load for nothing; this keeps the chunks a
 * page may still be missing. `resolveDependencies` goes to `build.modulePreload`, and the plugin lets it see the
 * bundle's chunk graph (captured before Vite writes the preload lists).
 */
export function preloadMissing(): { plugin: Plugin; resolveDependencies: ResolveDependencies } {
  let imports = new Map<string, readonly string[]>();
  const loaded = new Map<string, Set<string>>();
  const loadedWith = (file: string) => {
    let files = loaded.get(file);
    if (!files) {
      files = new Set<string>();
      const pending = [file];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        if (files.has(next)) continue;
        files.add(next);
        pending.push(...(imports.get(next) ?? []));
      }
      loaded.set(file, files);
    }
    return files;
  };
  return {
    plugin: {
      name: 'placely-preload-missing',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          imports = new Map();
          loaded.clear();
          for (const item of Object.values(bundle)) if (item.type === 'chunk') imports.set(item.fileName, item.imports);
        },
      },
    },
    resolveDependencies: (_filename, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !imports.has(hostId)) return deps;
      const present = loadedWith(hostId);
      return deps.filter((dep) => !present.has(dep));
    },
  };
}
