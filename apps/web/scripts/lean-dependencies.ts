import type { Plugin } from 'vite';

interface Stub {
  /** The module that imports it. */
  importer: RegExp;
  /** The import as written there. */
  source: string;
  code: string;
}

const NOT_BUILT = JSON.stringify('Not in this build: see apps/web/scripts/lean-dependencies.ts');

/**
 * Code that libraries import on every first load for paths this app never takes (about 8 KB gzip together).
 *
 * - MUI's `createTheme` and `ThemeProvider` choose at run time between the plain theme (what app/theme.ts makes: no
 *   `cssVariables`, no `colorSchemes`; MUI's own default theme is plain too) and the CSS-variables theme, so both
 *   import the CSS-variables machinery — `createThemeWithVars`, `CssVarsProvider`, the colour-scheme storage and its
 *   init script, ≈ 7 KB — and the package exports no entry without it. Stubs that throw take their place: a theme
 *   with `cssVariables` or `colorSchemes` would need these two entries removed.
 * - emotion's `withTheme` (which MUI does not use) copies statics with `hoist-non-react-statics`, a CommonJS package
 *   the bundler cannot drop even when `withTheme` goes (≈ 1 KB with its own copy of `react-is`): a small equivalent
 *   ES module takes its place.
 */
const STUBS: Stub[] = [
  {
    importer: /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    source: './createThemeWithVars.mjs',
    code: `export default function createThemeWithVars() { throw new Error(${NOT_BUILT}); }`,
  },
  {
    importer: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    source: './ThemeProviderWithVars.mjs',
    code: `export function CssVarsProvider() { throw new Error(${NOT_BUILT}); }`,
  },
  {
    importer: /[\\/]@emotion[\\/]react[\\/]/,
    source: 'hoist-non-react-statics',
    code: `const REACT_STATICS = new Set(['childContextTypes', 'contextType', 'contextTypes', 'defaultProps', 'displayName',
  'getDefaultProps', 'getDerivedStateFromError', 'getDerivedStateFromProps', 'mixins', 'propTypes', 'type', 'compare',
  'render', '$$typeof', 'name', 'length', 'prototype', 'caller', 'callee', 'arguments', 'arity']);
export default function hoistNonReactStatics(target, source) {
  if (typeof source === 'string') return target;
  for (const key of [...Object.getOwnPropertyNames(source), ...Object.getOwnPropertySymbols(source)]) {
    if (REACT_STATICS.has(key)) continue;
    try {
      Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key));
    } catch {}
  }
  return target;
}`,
  },
];
const PREFIX = '\0placely-lean-dependencies:';

/** Builds the same libraries without the paths above: each listed import, from its listed importer, gets its stub. */
export function leanDependencies(): Plugin {
  return {
    name: 'placely-lean-dependencies',
    enforce: 'pre',
    resolveId(source, importer) {
      const index = STUBS.findIndex((stub) => stub.source === source && importer && stub.importer.test(importer));
      return index === -1 ? null : `${PREFIX}${index}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return STUBS[Number(id.slice(PREFIX.length))]?.code ?? null;
    },
  };
}
