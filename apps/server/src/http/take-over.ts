import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the raw response over from Fastify (`reply.hijack()`), keeping the headers the hooks have set on the reply so
 * far: the security headers, Cache-Control, CORS. Fastify writes a reply's headers only when it sends the reply itself,
 * and the security headers live on the reply (one `writeHead` is cheaper than a `setHeader` each), so a route that
 * wrote the raw response without this would send none of them. Every route that hijacks goes through here; a test
 * (`take-over.test.ts`) fails on a `.hijack()` anywhere else in the server's code.
 */
export function takeOverResponse(reply: FastifyReply): ServerResponse {
  const raw = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  reply.hijack();
  return raw;
}
