import { z } from '@placely/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { firstDifference, responseSerializerCompiler } from './response-serializer';

const schema = z.object({
  status: z.literal('success'),
  result: z.object({ data: z.object({ id: z.string(), tags: z.array(z.string()), note: z.string().nullable() }) }),
});
const route = { schema, method: 'GET', url: '/api/example', httpStatus: '200' };
const valid = { status: 'success', result: { data: { note: null, tags: ['a'], id: 'x' } } };

describe('responseSerializerCompiler', () => {
  it('strict: writes a response that is exactly what its schema describes, whatever its key order', () => {
    const serialize = responseSerializerCompiler('strict')(route);
    expect(JSON.parse(serialize(valid))).toEqual(valid);
  });

  it('strict: fails a response holding a field its schema does not name, naming where', () => {
    const serialize = responseSerializerCompiler('strict')(route);
    const leaking = { status: 'success', result: { data: { ...valid.result.data, email: 'a@b.c' } } };
    const caught = (() => {
      try {
        serialize(leaking);
      } catch (error) {
        return error;
      }
    })();
    expect(isResponseSerializationError(caught)).toBe(true);
    expect((caught as { cause: { issues: { path: unknown[] }[] } }).cause.issues[0]?.path).toEqual([
      'result',
      'data',
      'email',
    ]);
  });

  it('strict: fails a response the schema refuses, as the zod serializer did', () => {
    const serialize = responseSerializerCompiler('strict')(route);
    expect(() => serialize({ status: 'success', result: { data: { id: 1, tags: [], note: null } } })).toThrow();
  });

  it('trusted: writes the presented value as JSON without looking at the schema', () => {
    const serialize = responseSerializerCompiler('trusted')(route);
    const anything = { any: 'thing' };
    expect(serialize(anything)).toBe(JSON.stringify(anything));
  });
});

describe('firstDifference', () => {
  it('ignores key order and finds the first differing path', () => {
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBeNull();
    expect(firstDifference({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 3 }] })).toEqual(['b', 1, 'c']);
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toEqual(['b']);
    expect(firstDifference([1, 2], [1])).toEqual([]);
  });
});
