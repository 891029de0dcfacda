// Bundles the server into dist/: our workspace packages (TypeScript sources) are inlined,
// every npm dependency stays an external import resolved from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/scripts/migrate.ts', seed: 'src/scripts/seed.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@placely/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
