import type { Plugin } from 'vite';

type Names = Set<string> | 'all';
type PluginThis = ThisParameterType<Extract<NonNullable<Plugin['buildEnd']>, (...args: never[]) => unknown>>;
type Node = Record<string, unknown> & { type: string };

interface Edge {
  /** The import's source as written. */
  source: string;
  /** Names the module takes from it for its own code (`'all'` for a namespace import). */
  own?: Names;
  /** Re-exports: exported name → the source's name (`'*'` for `export * as name`). */
  reexports?: Map<string, string>;
  /** `export * from`. */
  star?: boolean;
}

interface Parsed {
  edges: Edge[];
  /** The names the module exports itself or re-exports by name (not those of its `export *` sources). */
  exports: Set<string>;
  /** Those of its own code (not re-exported). */
  declared: Set<string>;
}

/** Every identifier name under `node`. */
function identifiersIn(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) identifiersIn(item, into);
  else if (node && typeof node === 'object') {
    const value = node as Node;
    if ((value.type === 'Identifier' || value.type === 'JSXIdentifier') && typeof value.name === 'string') {
      into.add(value.name);
    }
    for (const key in value) if (key !== 'type') identifiersIn(value[key], into);
  }
  return into;
}

/**
 * The module's static imports, re-exports and export names, from the transformed code's top-level statements. An
 * import whose bindings the module only exports again (`import { a } from './a'; export { a }`) is a re-export.
 */
function parse(context: PluginThis, code: string): Parsed | null {
  let program: { body: Node[] };
  try {
    program = context.parse(code) as unknown as { body: Node[] };
  } catch {
    return null;
  }
  const nameOf = (node: unknown) => {
    const value = node as { type: string; name?: string; value?: string };
    return value.type === 'Identifier' ? String(value.name) : String(value.value);
  };
  const sourceOf = (statement: Node) => (statement.source as { value?: string } | null | undefined)?.value;
  // `export { a, b as c }` without a source: the local names it exports.
  const localExports = (statement: Node) =>
    statement.type === 'ExportNamedDeclaration' && !statement.source && !statement.declaration;
  const used = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' && !localExports(statement)) identifiersIn(statement, used);
  }
  const imported = new Map<string, { source: string; name: string }>();
  const edges: Edge[] = [];
  const exports = new Set<string>();
  for (const statement of program.body) {
    const source = sourceOf(statement);
    if (statement.type === 'ExportDefaultDeclaration') exports.add('default');
    if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration as Node | null;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as { id: unknown }[]) identifiersIn(declarator.id, exports);
      } else if (declaration) exports.add(nameOf(declaration.id));
      for (const specifier of statement.specifiers as { exported: unknown }[]) exports.add(nameOf(specifier.exported));
    }
    if (statement.type === 'ImportDeclaration' && typeof source === 'string') {
      const own = new Set<string>();
      let all = false;
      const specifiers = statement.specifiers as { type: string; imported?: unknown; local: unknown }[];
      for (const specifier of specifiers) {
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : nameOf(specifier.imported);
        const local = nameOf(specifier.local);
        imported.set(local, { source, name });
        if (!used.has(local)) continue;
        if (name === '*') all = true;
        else own.add(name);
      }
      // An import whose bindings the module only exports again is not its own: it is followed as a re-export.
      if (all || own.size > 0 || specifiers.length === 0) edges.push({ source, own: all ? 'all' : own });
    } else if (statement.type === 'ExportNamedDeclaration' && typeof source === 'string') {
      const reexports = new Map<string, string>();
      for (const specifier of statement.specifiers as { local: unknown; exported: unknown }[]) {
        reexports.set(nameOf(specifier.exported), nameOf(specifier.local));
      }
      edges.push({ source, reexports });
    } else if (statement.type === 'ExportAllDeclaration' && typeof source === 'string') {
      if (statement.exported) {
        exports.add(nameOf(statement.exported));
        edges.push({ source, reexports: new Map([[nameOf(statement.exported), '*']]) });
      } else edges.push({ source, star: true });
    }
  }
  // No import or export at all: CommonJS (or a script), which the walk takes whole.
  if (edges.length === 0 && exports.size === 0) return null;
  const reexported = new Set<string>();
  for (const edge of edges) for (const exported of edge.reexports?.keys() ?? []) reexported.add(exported);
  for (const statement of program.body) {
    if (!localExports(statement)) continue;
    for (const specifier of statement.specifiers as { local: unknown; exported: unknown }[]) {
      const from = imported.get(nameOf(specifier.local));
      if (!from) continue;
      edges.push({ source: from.source, reexports: new Map([[nameOf(specifier.exported), from.name]]) });
      reexported.add(nameOf(specifier.exported));
    }
  }
  return { edges, exports, declared: new Set([...exports].filter((name) => !reexported.has(name))) };
}

/**
 * The modules each page loads before it is ready, found from the build's own module graph: what the page's roots
 * import statically, transitively (dynamic imports load later and are not followed), following a re-export only for
 * the names asked of it — so a package's index file (`@mui/system`, `@tanstack/react-query`, `@placely/contract`)
 * brings the modules of the names imported from it, not everything it re-exports. A module's own imports all count
 * (what its code uses of them is not looked at), and an import the parser cannot name (CommonJS `require`) counts
 * whole: the set may hold more than the page runs (a module's unused import that the bundle drops), never less.
 * Filled at the end of the build's module phase, so `codeSplitting` group tests, which run after, can read it.
 */
export function firstLoadModules<Name extends string>(
  pages: Record<Name, RegExp[]>,
): { plugin: Plugin; of: Record<Name, Set<string>> } {
  const of = Object.fromEntries(Object.keys(pages).map((name) => [name, new Set<string>()])) as Record<
    Name,
    Set<string>
  >;
  const plugin: Plugin = {
    name: 'placely-first-load-modules',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      type Graph = Parsed & { resolved: (string | null)[]; rest: string[] };
      const graphs = new Map<string, Graph | null>();
      const graphOf = async (id: string): Promise<Graph | null> => {
        if (graphs.has(id)) return graphs.get(id) ?? null;
        const info = this.getModuleInfo(id);
        const parsed = info?.code ? parse(this, info.code) : null;
        let graph: Graph | null = null;
        if (parsed) {
          const resolved = await Promise.all(
            parsed.edges.map(async (edge) => (await this.resolve(edge.source, id))?.id ?? null),
          );
          const named = new Set(resolved);
          const rest = (info?.importedIds ?? []).filter((imported) => !named.has(imported));
          graph = { ...parsed, resolved, rest };
        }
        graphs.set(id, graph);
        return graph;
      };
      // Every name a module exports, through its `export *` too; null when unknown (not parsed).
      const exportsCache = new Map<string, Set<string> | null>();
      const exportsOf = async (id: string): Promise<Set<string> | null> => {
        if (exportsCache.has(id)) return exportsCache.get(id) ?? null;
        exportsCache.set(id, new Set()); // an `export *` cycle adds nothing
        const graph = await graphOf(id);
        let names: Set<string> | null = null;
        if (graph) {
          names = new Set(graph.exports);
          for (const [index, edge] of graph.edges.entries()) {
            const target = graph.resolved[index];
            if (!edge.star) continue;
            const more = target ? await exportsOf(target) : null;
            if (!more) {
              names = null;
              break;
            }
            for (const name of more) if (name !== 'default') names.add(name);
          }
        }
        exportsCache.set(id, names);
        return names;
      };

      const ids = [...this.getModuleIds()];
      for (const [name, roots] of Object.entries(pages) as [Name, RegExp[]][]) {
        const starts = ids.filter((id) => roots.some((root) => root.test(id.replaceAll('\\', '/'))));
        if (starts.length !== roots.length) {
          this.error(`first-load modules of ${name}: expected ${roots.length} roots, found ${starts.length}`);
        }
        // Names asked of each module, and the modules whose own code runs: a module asked only for names it
        // re-exports passes the request on and is not itself loaded for it.
        const asked = new Map<string, Names>();
        const members = new Set<string>();
        const pending: [string, Names][] = starts.map((id) => [id, 'all']);
        const ask = (id: string | null, names: Names) => {
          if (id !== null) pending.push([id, names]);
        };
        for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
          const [id, names] = next;
          const before = asked.get(id);
          if (before === 'all') continue;
          // Only names not asked before need following.
          let fresh: Names = 'all';
          if (names !== 'all') {
            fresh = new Set([...names].filter((item) => !before?.has(item)));
            if (before !== undefined && fresh.size === 0 && (names.size > 0 || members.has(id))) continue;
          }
          asked.set(id, fresh === 'all' ? 'all' : new Set([...(before ?? []), ...fresh]));
          const graph = await graphOf(id);
          if (!graph) {
            if (!members.has(id)) {
              members.add(id);
              for (const imported of this.getModuleInfo(id)?.importedIds ?? []) ask(imported, 'all');
            }
            continue;
          }
          const runs =
            fresh === 'all' ||
            names === 'all' ||
            names.size === 0 ||
            [...fresh].some((item) => graph.declared.has(item));
          if (runs && !members.has(id)) {
            members.add(id);
            graph.edges.forEach((edge, index) => {
              if (edge.own) ask(graph.resolved[index] ?? null, edge.own);
            });
            for (const imported of graph.rest) ask(imported, 'all');
          }
          for (const [index, edge] of graph.edges.entries()) {
            const target = graph.resolved[index] ?? null;
            if (edge.star && target) {
              // Only a source that has some of the names asked: the others are not loaded for them.
              const has = await exportsOf(target);
              if (fresh === 'all' || has === null) ask(target, fresh);
              else {
                const wanted = new Set([...fresh].filter((item) => has.has(item)));
                if (wanted.size > 0) ask(target, wanted);
              }
            }
            if (edge.reexports) {
              const wanted = new Set<string>();
              let whole = false;
              for (const [exported, local] of edge.reexports) {
                if (fresh !== 'all' && !fresh.has(exported)) continue;
                if (local === '*') whole = true;
                else wanted.add(local);
              }
              if (whole) ask(target, 'all');
              else if (wanted.size > 0) ask(target, wanted);
            }
          }
        }
        const modules = of[name];
        modules.clear();
        for (const id of members) modules.add(id);
      }
    },
  };
  return { plugin, of };
}
