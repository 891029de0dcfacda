import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { envelopeFor, errors } from './errors';

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
export function withPageMeta(html: string, meta: { title: string; description: string }, url: string): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:type" content="profile" />`,
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

export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pageMeta?: PageMetaResolver,
  publicUrl?: () => string,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    const indexHtml = readFileSync(indexFile);
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
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply, indexHtml));
    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage =
        request.method === 'GET' && !API_PREFIXES.some((prefix) => url.startsWith(prefix)) && !path.extname(url);
      if (wantsPage) {
        const meta = pageMeta ? await pageMeta(url).catch(() => null) : null;
        if (meta)
          return sendIndex(
            reply,
            Buffer.from(withPageMeta(indexHtml.toString('utf8'), meta, `${publicUrl?.() ?? ''}${url}`)),
          );
        return sendIndex(reply, indexHtml);
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

function sendIndex(reply: import('fastify').FastifyReply, html: Buffer) {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
}
