import type { Plugin } from 'vite';

const REGISTRIES = /[\\/]zod[\\/]v4[\\/]core[\\/]registries\.js$/;
const SHARED_REGISTRY =
  /\(_a = globalThis\)\.__zod_globalRegistry \?\? \(_a\.__zod_globalRegistry = registry\(\)\);\s*export const globalRegistry = globalThis\.__zod_globalRegistry;/;

/**
 * The server-rendering bundle (dist-ssr) carries its own copy of zod and of the contract, and runs inside the API
 * server's process. zod keeps its global registry — where `.meta({ id })` names a schema — on `globalThis`, so every
 * copy shares it: the bundle's copy of a named contract schema took the name from the server's, and the OpenAPI
 * document, which the server builds from that registry, failed with "Duplicate schema id" (a 500 at /api/docs/json
 * whenever the built web app is served). The bundle's zod gets a registry of its own instead; it never builds a
 * document, so it needs none shared.
 *
 * A zod release that words the line differently fails the build here rather than bringing the collision back.
 */
export function privateZodRegistry(): Plugin {
  return {
    name: 'placely-private-zod-registry',
    enforce: 'pre',
    transform(code, id) {
      if (!REGISTRIES.test(id)) return null;
      if (!SHARED_REGISTRY.test(code)) {
        this.error(`${id}: zod's global registry line changed; update apps/web/scripts/private-zod-registry.ts`);
      }
      return { code: code.replace(SHARED_REGISTRY, 'export const globalRegistry = registry();'), map: null };
    },
  };
}
