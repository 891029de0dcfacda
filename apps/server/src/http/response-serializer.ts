import { z } from '@placely/contract';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * How a response leaves the server:
 * - `strict` (development and tests): the presented value is checked against the route's response schema, and it
 *   must already be exactly what the schema describes — a field the schema does not name, or a value the schema
 *   would change, fails the request with a 500 ("response did not match its schema"), so a presenter that leaks a
 *   field or drifts from the contract fails its test instead of being silently trimmed.
 * - `trusted` (production): the presented value is written as JSON. Presenters name every field that leaves the
 *   server (one `present<Entity>()` per entity) and the strict mode proves them against the schemas in every API and
 *   browser test; re-checking each response with zod cost a tenth of a simple signed-in read and a fifth of a
 *   responses page (issue #17).
 */
export type ResponseChecks = 'strict' | 'trusted';

type SerializerCompiler = typeof zodSerializerCompiler;

export function responseSerializerCompiler(checks: ResponseChecks): SerializerCompiler {
  if (checks === 'trusted') return () => (data) => JSON.stringify(data);
  return (route) => {
    const checked = zodSerializerCompiler(route);
    return (data) => {
      const expected = checked(data);
      const sent = JSON.stringify(data);
      if (expected !== sent) {
        const path = firstDifference(JSON.parse(sent), JSON.parse(expected));
        if (path) {
          throw new ResponseSerializationError(route.method, route.url, {
            cause: new z.ZodError([
              {
                code: 'custom',
                path,
                message: 'The response holds a value its schema does not name or would change',
                input: undefined,
              },
            ]),
          });
        }
      }
      return sent;
    };
  };
}

/** Where two JSON values first differ (object key order aside), or null when they are the same value. */
export function firstDifference(sent: unknown, expected: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (Object.is(sent, expected)) return null;
  if (Array.isArray(sent) && Array.isArray(expected)) {
    if (sent.length !== expected.length) return path;
    for (let index = 0; index < sent.length; index += 1) {
      const found = firstDifference(sent[index], expected[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(sent) && isRecord(expected)) {
    for (const key of Object.keys(sent)) {
      if (!(key in expected)) return [...path, key];
      const found = firstDifference(sent[key], expected[key], [...path, key]);
      if (found) return found;
    }
    for (const key of Object.keys(expected)) if (!(key in sent)) return [...path, key];
    return null;
  }
  return path;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
