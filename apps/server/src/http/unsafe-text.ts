import { isUnsafeText, UNSAFE_TEXT_MESSAGE } from '@placely/contract';
import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

/**
 * The path (`answers.why`, `items.2`) of the first string or object key holding NUL or a lone surrogate, if any.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown, root = ''): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push([item, join(path, String(index))]);
      });
    } else if (current && typeof current === 'object' && !Buffer.isBuffer(current) && !isStream(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = join(path, key);
        if (isUnsafeText(key)) return at;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const isStream = (value: object) => typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * Backstop behind the contract's string rule (packages/contract/src/zod.ts): runs after validation, so a schema that
 * let such text through (or a route without one) still answers 400 naming the field instead of a database 500.
 */
export function registerUnsafeTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = value === undefined || value === null ? undefined : findUnsafeText(value);
      if (field !== undefined) {
        done(errors.validation([{ field: field || part, message: UNSAFE_TEXT_MESSAGE }]));
        return;
      }
    }
    done();
  });
}
