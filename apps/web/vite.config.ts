/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstLoadModules } from './scripts/first-load-modules';
import { leanDependencies } from './scripts/lean-dependencies';
import { preloadMissing } from './scripts/preload-missing';
import { privateZodRegistry } from './scripts/private-zod-registry';
import { sizeBudget } from './scripts/size-budget';

const backend = 'http://localhost:3000';

/**
 * The libraries every route's first load takes from: React, the router, queries, the store, MUI's styling core and
 * the MUI components of the shell and of most pages' forms. Left to automatic splitting they came as some forty small
 * chunks, and small chunks compress badly on their own (each starts gzip afresh), so they make two chunks: `vendor`,
 * the part the signed-in form link (/forms/{id}, the page most people open) loads before the person can type, and
 * `vendor-pages`, the rest, which other pages load besides. Nothing the small entry imports may match, or the entry
 * would load it all.
 */
const FIRST_LOAD = new RegExp(
  [
    String.raw`node_modules[\/](react|react-dom|scheduler|react-router|@tanstack|zustand|@emotion|stylis|react-is|prop-types|clsx|@mui[\/](system|utils|styled-engine))[\/]`,
    String.raw`node_modules[\/]@mui[\/]material[\/](${[
      // the styling core
      'styles|utils|internal|className|DefaultPropsProvider|zero-styled|generateUtilityClass|generateUtilityClasses',
      'transitions|useLazyRipple|colors|GlobalStyles|InitColorSchemeScript|CssBaseline',
      // the shell
      'ButtonBase|ButtonGroup|Button|IconButton|SvgIcon|Typography|Paper|Box|Stack|CircularProgress|Link|Chip',
      'Toolbar|AppBar|Backdrop|Fade|List|ListItemButton|ListItemText',
      // forms and pages
      'Alert|AlertTitle|FormControl|FormHelperText|FormLabel|Input|InputAdornment|InputBase|InputLabel|NativeSelect',
      'OutlinedInput|TextareaAutosize|Avatar|Card|CardContent|Checkbox|FormControlLabel|FormGroup|Radio|RadioGroup',
      'Skeleton|Divider',
    ].join('|')})[\/]`,
  ].join('|'),
);
/** Paths the server answers (API, OpenID provider, development identity provider pages). */
const serverProxy = {
  '/api': { target: backend, changeOrigin: false, xfwd: true },
  '/oidc': { target: backend, changeOrigin: false, xfwd: true },
  '/dev-idp': { target: backend, changeOrigin: false, xfwd: true },
};

/** What each page loads before it is ready, from the build's module graph (scripts/first-load-modules.ts). */
const firstLoad = firstLoadModules({
  // What a signed-out visitor of a server-rendered page loads.
  entry: [/\/src\/main\.tsx$/],
  // The app every client-rendered page and signed-in visitor loads.
  app: [/\/src\/app\/start\.tsx$/],
  // The signed-in form link, ready to type in.
  form: [/\/src\/app\/start\.tsx$/, /\/src\/app\/routes\/FormsPage\.tsx$/],
  // The other public routes (their own modules; size-budget.json lists them).
  viewer: [/\/src\/app\/routes\/ViewerPage\.tsx$/],
  home: [/\/src\/app\/routes\/HomePage\.tsx$/],
  group: [/\/src\/app\/routes\/GroupRoutes\.tsx$/],
  verification: [/\/src\/app\/routes\/VerificationRoutes\.tsx$/],
  shortlisting: [/\/src\/app\/routes\/ShortlistingPage\.tsx$/],
});
/**
 * A module of the form link's first load that most public routes load too (the page frame, the document title, the
 * sign-in prompt, the confirmation dialog's shell, an icon): with the app, not in a chunk of its own — each small
 * chunk costs its requester more (its imports and exports, gzip starting afresh) than the few hundred bytes the
 * routes that do not use it take with the app.
 */
const sharedByMostPublicRoutes = (id: string) =>
  firstLoad.of.form.has(id) &&
  (['viewer', 'home', 'group', 'verification', 'shortlisting'] as const).filter((page) => firstLoad.of[page].has(id))
    .length >= 3;
/** MUI's TouchRipple, which the browser build loads at a button's first press or focus (scripts/lean-dependencies.ts). */
const RIPPLE = /node_modules[\\/]@mui[\\/]material[\\/]ButtonBase[\\/](TouchRipple|Ripple)\.mjs$/;
const ICONS = /node_modules[\\/]@mui[\\/]icons-material[\\/]/;
const APP_CODE = /[\\/](apps[\\/]web|packages[\\/]contract)[\\/]src[\\/]/;
const preload = preloadMissing();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    leanDependencies(),
    isSsrBuild && privateZodRegistry(),
    !isSsrBuild && firstLoad.plugin,
    !isSsrBuild && preload.plugin,
    // The server-rendering build (src/app/server.tsx → dist-ssr) needs neither the service worker nor the budget.
    !isSsrBuild && sizeBudget(),
    !isSsrBuild && Boolean(process.env.ANALYZE) && visualizer({ filename: 'dist-stats/bundle.html', gzipSize: true }),
    !isSsrBuild &&
      VitePWA({
        registerType: 'autoUpdate',
        strategies: 'generateSW',
        // An external registerSW.js script: the CSP forbids inline scripts.
        injectRegister: 'script',
        includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'robots.txt'],
        manifest: {
          name: 'Placely',
          short_name: 'Placely',
          description: 'Careers and campus placements, with Quick Apply Forms.',
          theme_color: '#1867C0',
          background_color: '#ffffff',
          display: 'standalone',
          start_url: '/',
          scope: '/',
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          navigateFallback: '/index.html',
          // Server-rendered pages (sign-in popup, identity provider) must never get the SPA shell.
          navigateFallbackDenylist: [/^\/api\//, /^\/oidc\//, /^\/dev-idp\//],
          globPatterns: ['**/*.{js,css,html,svg,png,woff2,txt}'],
          cleanupOutdatedCaches: true,
          // The first page is claimed at once, so a server-rendered form can hand its data to the worker (main.tsx).
          clientsClaim: true,
          // A form opened before opens offline too (answers wait in drafts; the submit retries when online). Kept per
          // person (the token's subject), so one person's prefill never shows for another; sign-out deletes it.
          runtimeCaching: [
            {
              urlPattern: ({ url }) => url.pathname === '/api/placements/campus/apply',
              method: 'GET',
              handler: 'NetworkFirst',
              options: {
                cacheName: 'placely-forms',
                networkTimeoutSeconds: 6,
                expiration: { maxEntries: 30, maxAgeSeconds: 14 * 24 * 3600 },
                cacheableResponse: { statuses: [200] },
                plugins: [
                  {
                    cacheKeyWillBeUsed: async ({ request }) => {
                      let viewer = 'anonymous';
                      try {
                        const payload = (request.headers.get('authorization') ?? '').split('.')[1] ?? '';
                        viewer = String(JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).sub ?? viewer);
                      } catch {
                        // no token, or not a JWT: the anonymous copy
                      }
                      return `${request.url}&viewer=${encodeURIComponent(viewer)}`;
                    },
                  },
                ],
              },
            },
          ],
        },
      }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: serverProxy,
  },
  preview: {
    port: 4173,
    proxy: serverProxy,
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        modulePreload: { resolveDependencies: preload.resolveDependencies },
        rolldownOptions: {
          output: {
            // Chunks by their hash alone: each chunk's name is written wherever it is imported and in every preload
            // list (some 140 names in the router's), ≈ 1 KB gzip of every first load. `ANALYZE=1` shows what each holds.
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              groups: [
                // Its own chunk, loaded at the first ripple; not recursive: what it uses is in the vendor chunk.
                { name: 'ripple', priority: 4, includeDependenciesRecursively: false, test: RIPPLE },
                {
                  name: 'vendor',
                  priority: 3,
                  test: (id) =>
                    (FIRST_LOAD.test(id) && firstLoad.of.form.has(id)) ||
                    (ICONS.test(id) && (firstLoad.of.app.has(id) || sharedByMostPublicRoutes(id))),
                },
                { name: 'vendor-pages', priority: 2, test: FIRST_LOAD },
                // The app's own code that every page loads (the shell, the API client, the store): one chunk, not
                // a handful. Its imports stay where they are (the entry's, the vendor's), hence no recursion.
                {
                  name: 'app',
                  priority: 1,
                  includeDependenciesRecursively: false,
                  test: (id) =>
                    APP_CODE.test(id) &&
                    !id.includes('node_modules') &&
                    (firstLoad.of.app.has(id) || sharedByMostPublicRoutes(id)) &&
                    !firstLoad.of.entry.has(id),
                },
              ],
            },
          },
        },
      },
  // Bundled whole, so the server loads one self-contained module whatever node_modules looks like.
  ssr: { noExternal: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
  },
}));
