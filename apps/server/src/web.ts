import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { linkPrefillSearch } from '@placely/contract';
import type { FastifyInstance } from 'fastify';
import { envelopeFor, errors } from './errors';
import type { PublicPage, ServerPageData } from './services/public-pages';

/** apps/web/dist, found from this file whether it runs from src (tsx) or dist (bundle). */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

const API_PREFIXES = ['/api/', '/oidc/', '/dev-idp/'];

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the
 * SPA fallback (index.html) for client routes. API paths never fall back: they answer 404 in the envelope.
 */
/** Title and description for link previews (Open Graph) of a client route, or null to keep the defaults. */
export type PageMetaResolver = (pathname: string) => Promise<{ title: string; description: string } | null>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The app shell with the page's own title and Open Graph tags, so a shared link previews well. */
export function withPageMeta(
  html: string,
  meta: { title: string; description: string; type?: 'website' | 'profile' },
  url: string,
): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="${meta.type ?? 'profile'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="Placely" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${tags}`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`);
}

/** The web's server-rendering entry (apps/web/dist-ssr/server.js, built from src/app/server.tsx). */
interface ServerRenderer {
  renderPage(url: string, data: ServerPageData): Promise<{ html: string; styles: string }>;
}

export interface WebAppOptions {
  pageMeta?: PageMetaResolver;
  publicUrl?: () => string;
  /** Public pages rendered on the server (services/public-pages.ts); without it every page is the app shell. */
  publicPages?: (pathname: string) => Promise<PublicPage | null>;
}

/** Chunks of the app and of each route (apps/web's build writes route-chunks.json); absolute URLs. */
interface RouteChunks {
  app: string[];
  routes: Record<string, string[]>;
}

/** Which route module a client-rendered path opens, for its modulepreload links. */
const ROUTE_OF: Array<[RegExp, string]> = [
  [/^\/$/, 'HomePage'],
  [/^\/forms(\/|$)/, 'FormsPage'],
  [/^\/viewer(\/|$)/, 'ViewerPage'],
  [/^\/joinGroupLink(\/|$)/, 'GroupRoutes'],
  [/^\/joinVerificationLink(\/|$)/, 'VerificationRoutes'],
];

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  const { pageMeta, publicUrl, publicPages } = options;
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    const indexHtml = readFileSync(indexFile, 'utf8');
    const chunks = readRouteChunks(distDir);
    const renderer = loadRenderer(path.resolve(distDir, '../dist-ssr/server.js'));
    const preloadsFor = (pathname: string): string[] => {
      const route = ROUTE_OF.find(([pattern]) => pattern.test(pathname))?.[1];
      return [...chunks.app, ...(route ? (chunks.routes[route] ?? []) : [])];
    };

    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // apps/web's build writes .br and .gz next to each asset; serve those when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

    // `search`: a form link's pre-fill values (`?prefill[id]=`, issue 43), rendered into the page; nothing else of
    // the query reaches the renderer or the kept pages.
    const page = async (url: string, search = ''): Promise<string> => {
      const rendered = publicPages && (await renderer) ? await renderPublic(url, search) : null;
      if (rendered) return rendered;
      const meta = pageMeta ? await pageMeta(url).catch(() => null) : null;
      // A client-rendered page: the app and the route's chunks load in parallel with the entry.
      let html = withHeadTags(indexHtml, preloadsFor(url).map(modulePreload));
      if (meta) html = withPageMeta(html, meta, `${publicUrl?.() ?? ''}${url}`);
      return html;
    };

    // A shared link is opened by many people at once (a form in a group chat): identical signed-out pages are
    // rendered once per few seconds. Only public data is in them; the app refetches for signed-in visitors.
    // Portfolios are never kept: a person who retires a link or hides a portfolio is obeyed at once.
    const recent = new Map<string, { at: number; html: Promise<string | null> }>();
    const renderPublic = (url: string, search = ''): Promise<string | null> => {
      if (url.startsWith('/viewer/')) return renderPublicNow(url);
      const now = Date.now();
      const hit = recent.get(url + search);
      if (hit && now - hit.at < PUBLIC_PAGE_CACHE_MS) return hit.html;
      if (recent.size > 1000) recent.clear();
      const html = renderPublicNow(url, search);
      recent.set(url + search, { at: now, html });
      return html;
    };
    const renderPublicNow = async (url: string, search = ''): Promise<string | null> => {
      const render = await renderer;
      const found = publicPages ? await publicPages(url).catch(() => null) : null;
      if (!render || !found) return null;
      let output: { html: string; styles: string };
      try {
        output = await render.renderPage(url + search, found.data);
      } catch (error) {
        app.log.error({ err: error, page: found.data.page }, 'server rendering failed; sending the app shell');
        return null;
      }
      const attributes = [
        `data-ssr="${found.mode}"`,
        // The entry adds these when the app starts (signed in, or on "Sign in"), not before.
        `data-preload="${escapeHtml([...chunks.app, ...(chunks.routes[found.route] ?? [])].join(' '))}"`,
        found.countView ? `data-count-view="${escapeHtml(found.countView)}"` : '',
        found.offline ? `data-offline="${escapeHtml(found.offline)}"` : '',
      ].filter(Boolean);
      let html = withHeadTags(indexHtml, [output.styles])
        .replace('<div id="root"></div>', `<div id="root" ${attributes.join(' ')}>${output.html}</div>`)
        .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${SERVER_RENDERED_NOSCRIPT}</noscript>`);
      const meta = found.meta ?? (pageMeta ? await pageMeta(url).catch(() => null) : null);
      if (meta) html = withPageMeta(html, meta, `${publicUrl?.() ?? ''}${url}`);
      return html;
    };

    app.get('/', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply, await page('/')));
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        request.method === 'GET' && !API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !path.extname(url);
      if (wantsPage) {
        const query = request.url.slice(url.length + 1);
        const search = url.startsWith('/forms/') && query ? linkPrefillSearch(new URLSearchParams(query)) : '';
        return sendIndex(reply, await page(url, search));
      }
      return reply.status(404).send(envelopeFor(errors.notFound(`${request.method} ${url}`)));
    });
  } else {
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      return reply.status(404).send(envelopeFor(errors.notFound(`${request.method} ${url}`)));
    });
  }
}

const PUBLIC_PAGE_CACHE_MS = 5_000;
const SERVER_RENDERED_NOSCRIPT =
  '<p style="margin:0;padding:8px 16px;background:#fff4e5">You can read this page without JavaScript; signing in and applying need it.</p>';

const modulePreload = (href: string) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`;

function withHeadTags(html: string, tags: string[]): string {
  return tags.length === 0 ? html : html.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

function readRouteChunks(distDir: string): RouteChunks {
  try {
    const raw = JSON.parse(readFileSync(path.join(distDir, 'route-chunks.json'), 'utf8')) as RouteChunks;
    const absolute = (files: string[]) => files.map((file) => `/${file}`);
    return {
      app: absolute(raw.app),
      routes: Object.fromEntries(Object.entries(raw.routes).map(([route, files]) => [route, absolute(files)])),
    };
  } catch {
    return { app: [], routes: {} };
  }
}

/** Loads the rendering module once; a build without it (or a broken one) leaves every page to the browser. */
function loadRenderer(file: string): Promise<ServerRenderer | null> {
  if (!existsSync(file)) return Promise.resolve(null);
  return import(pathToFileURL(file).href).then(
    (module: ServerRenderer) => module,
    () => null,
  );
}

function sendIndex(reply: import('fastify').FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
}
