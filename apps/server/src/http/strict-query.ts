import { z } from '@placely/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Routes whose query string a party outside Placely writes, so fields we do not know are expected there, with why.
 * Every other API route refuses an unknown query field by name (400 "Unknown field").
 */
export const LOOSE_QUERY_ROUTES: ReadonlyMap<string, string> = new Map([
  ['GET /api/auth/callback', 'the identity provider adds parameters of its own (scope, authuser, iss, session_state…)'],
]);

/** One route of the API as registered: its method, address, query schema (after the default below) and whole schema. */
export interface RouteQueryRecord {
  method: string;
  url: string;
  querystring: unknown;
  /** Everything the route declares (body, params, response, hide): the OpenAPI document test reads it. */
  schema: Record<string, unknown>;
}

/** A route that takes no query string says so: any field is unknown. */
const NO_QUERY = z.strictObject({});

/**
 * Every API route gets a query schema: a route that declares none takes no query string at all (so
 * `GET /api/organization/people?limit=…` cannot pass unnoticed), and the table of routes with their query schemas is
 * kept for `strict-query.test.ts`, which fails on any schema that would let an unknown field through.
 * The documentation UI's own routes (/api/docs…) belong to @fastify/swagger-ui and are left as they are.
 */
export function strictQueries(app: FastifyInstance): RouteQueryRecord[] {
  const table: RouteQueryRecord[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.schema?.querystring === undefined) route.schema = { ...route.schema, querystring: NO_QUERY };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        table.push({
          method,
          url: route.url,
          querystring: route.schema.querystring,
          schema: route.schema as Record<string, unknown>,
        });
      }
    }
  });
  return table;
}

/** Whether a zod schema refuses fields it does not name: a strict object, or pipes and unions of strict objects. */
export function refusesUnknownFields(schema: unknown): boolean {
  if (schema instanceof z.ZodObject) {
    const catchall = (schema.def as { catchall?: z.ZodType }).catchall;
    return catchall instanceof z.ZodNever;
  }
  if (schema instanceof z.ZodPipe) return refusesUnknownFields(schema.def.in);
  if (schema instanceof z.ZodUnion) return schema.def.options.every(refusesUnknownFields);
  return false;
}
