import { ORGANIZATION_HEADER } from '@placely/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';
import { MATRIX, type Req } from './matrix';
import { documentedOperations } from './operations';
import { send, urlOf } from './send';
import { type ActorName, buildWorld, SUITE_ADMIN_EMAIL, type World } from './world';

/**
 * Generated bad input (issue #10): from a valid request of every documented operation (the matrix's fixtures), change
 * one field at a time — in the path, the query or the body — to a hostile value, and require that the server never
 * answers 5xx and always answers in the envelope. CI runs a fixed seed and FUZZ_RUNS cases in total (default 3,000);
 * `npm run fuzz` runs 20,000 with a fresh seed and prints the counts.
 */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let server: TestServer;
let world: World;
let operations: string[];
const tally = { cases: 0, repeats: 0, failures: 0, byStatus: new Map<number, number>() };
beforeAll(async () => {
  server = await startTestServer({ verificationAdminEmails: [SUITE_ADMIN_EMAIL] });
  world = await buildWorld(server);
  operations = await documentedOperations(server.baseUrl);
}, 120_000);
afterAll(async () => {
  const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `bad-input: ${tally.cases} cases over ${operations?.length ?? 0} operations (${tally.repeats} repeats skipped), ${tally.failures} failures (seed ${SEED}); statuses ${statuses.join(' ')}`,
  );
  await server?.close();
});

/* ---------- hostile values ---------- */

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  // NUL and lone surrogates, alone and inside ordinary text
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uD800', '\u202Eexe.pdf'),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\uD800', '\uDC00')).map(([s, bad]) => s + bad + s),
  // very long strings
  fc.constantFrom('x'.repeat(10_000), 'ü'.repeat(70_000), `${'a'.repeat(256)}@example.com`),
  // huge arrays and deep nesting
  fc.constantFrom(
    Array.from({ length: 10_000 }, () => 'a'),
    Array.from({ length: 2_000 }, () => ({})),
  ),
  fc.integer({ min: 20, max: 3_000 }).map(nested),
  // wrong types
  fc.constantFrom(null, true, false, 0, '', {}, [], [null], { __proto__: 1 }, { constructor: { prototype: 1 } }),
  // negative, huge and odd numbers
  fc.constantFrom(-1, -0, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e21, -1e308, Number.MAX_VALUE),
  fc.oneof(fc.integer(), fc.double({ noNaN: true })),
  // bad ids, cursors, dates and e-mails
  fc.constantFrom(
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '1 OR 1=1',
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '%00',
    'bm90IGEgY3Vyc29y',
    '2026-01-01T00:00:00.000Z|not-a-uuid',
    '9999-99-99T99:99:99Z|00000000-0000-0000-0000-000000000000',
    '-1',
    '1e400',
    'NaN',
    'Infinity',
    '0x10',
    '2026-13-45',
    '@',
    'a@b',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

/* ---------- one-field mutations of a valid request ---------- */

type Path = (string | number)[];
type Slot =
  | { where: 'query'; key: string }
  | { where: 'path'; index: number }
  | { where: 'body'; path: Path }
  | { where: 'extra-query' }
  | { where: 'extra-body' }
  | { where: 'raw-body' }
  | { where: 'header'; key: string };

function bodyPaths(value: unknown, prefix: Path = [], depth = 0): Path[] {
  if (depth > 6 || value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value)
    ? value.slice(0, 3).map((v, i) => [i, v] as const)
    : Object.entries(value as Record<string, unknown>);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...bodyPaths(child, [...prefix, key], depth + 1)]);
}

function slotsOf(req: Req): Slot[] {
  // Every request may name an organization to act for; the ones that do carry it already.
  const slots: Slot[] = [{ where: 'extra-query' }, { where: 'header', key: ORGANIZATION_HEADER }];
  for (const key of Object.keys(req.query ?? {})) slots.push({ where: 'query', key });
  req.path.split('/').forEach((segment, index) => {
    if (/^[0-9a-f-]{36}$/.test(segment)) slots.push({ where: 'path', index });
  });
  if (req.raw) slots.push({ where: 'raw-body' });
  else if (req.body !== undefined) {
    slots.push({ where: 'body', path: [] }, { where: 'extra-body' });
    for (const path of bodyPaths(req.body)) slots.push({ where: 'body', path });
  }
  return slots;
}

/** Percent-encodes like a hostile client would: a lone surrogate goes out as the invalid UTF-8 bytes ED A0 80. */
function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) out += '%ED%A0%80';
    else out += encodeURIComponent(text[i] as string);
  }
  return out;
}

function withQuery(baseUrl: string, req: Req, key: string, value: string): string {
  const url = new URL(
    urlOf(baseUrl, { ...req, query: Object.fromEntries(Object.entries(req.query ?? {}).filter(([k]) => k !== key)) }),
  );
  const extra = `${percentEncode(key)}=${percentEncode(value)}`;
  return `${url.origin}${url.pathname}${url.search ? `${url.search}&` : '?'}${extra}`;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

function mutate(baseUrl: string, req: Req, slot: Slot, value: unknown): { req: Req; url: string; label: string } {
  let next: Req = { ...req, query: { ...req.query } };
  let url: string;
  let label: string;
  switch (slot.where) {
    case 'query': {
      url = withQuery(baseUrl, next, slot.key, asText(value));
      label = `query ${slot.key}`;
      break;
    }
    case 'extra-query': {
      url = withQuery(baseUrl, next, 'unexpected', asText(value));
      label = 'an unknown query key';
      break;
    }
    case 'path': {
      const segments = req.path.split('/');
      segments[slot.index] = '\u0001';
      url = urlOf(baseUrl, { ...next, path: segments.join('/') }).replace('%01', percentEncode(asText(value)));
      next = { ...next, path: segments.join('/') };
      label = 'path id';
      break;
    }
    case 'body':
      next = { ...next, body: setAt(req.body, slot.path, value) };
      url = urlOf(baseUrl, next);
      label = slot.path.length ? `body ${slot.path.join('.')}` : 'the whole body';
      break;
    case 'extra-body':
      next = {
        ...next,
        body: { ...(req.body as Record<string, unknown>), [typeof value === 'string' ? value : 'unexpected']: value },
      };
      url = urlOf(baseUrl, next);
      label = 'an unknown body key';
      break;
    case 'header': {
      // A header carries bytes 0x20–0xFF only (fetch refuses the rest): anything else goes percent-encoded.
      const text = asText(value);
      const sendable = /^[\x20-\x7e\x80-\xff]*$/.test(text) ? text : percentEncode(text);
      next = { ...next, headers: { ...req.headers, [slot.key]: sendable } };
      url = urlOf(baseUrl, next);
      label = `header ${slot.key}`;
      break;
    }
    case 'raw-body':
      next = { ...next, raw: { contentType: 'application/octet-stream', bytes: Buffer.from(asText(value)) } };
      url = urlOf(baseUrl, next);
      label = 'the file bytes';
      break;
  }
  return { req: next, url, label };
}

/** The spec's envelope: {status:'success', result:{data, message}} or {status:'error', exception:{error:{message}}}. */
function envelopeProblem(operation: string, status: number, contentType: string, json: unknown): string | undefined {
  // The sign-in callback is the popup's page: it reports a failure to its opener as HTML, by design.
  if (operation === 'GET /api/auth/callback' && contentType.includes('text/html')) return undefined;
  // Unsubscribe links open in a browser from a mail, signed out: their answers (a refused link too) are pages.
  if (/^(GET|POST) \/api\/notifications\/unsubscribe$/.test(operation) && contentType.includes('text/html')) {
    return undefined;
  }
  if (!contentType.includes('application/json')) {
    // Downloads, exports and sign-in redirects answer with their own content; errors are always the envelope.
    return status < 400 ? undefined : `a ${status} answered as ${contentType || 'nothing'}, not the JSON envelope`;
  }
  const body = json as { status?: unknown; result?: { data?: unknown; message?: unknown }; exception?: any };
  if (status < 300) {
    // The spec's sign-in answer carries its fields directly in result (body, message, profile, …), not in result.data.
    if (operation === 'POST /api/user/signIn' && body?.status === 'success' && typeof body.result?.message === 'string')
      return undefined;
    if (
      body?.status !== 'success' ||
      !body.result ||
      !('data' in body.result) ||
      typeof body.result.message !== 'string'
    )
      return `a ${status} without the success envelope`;
    return undefined;
  }
  if (body?.status !== 'error' || typeof body.exception?.error?.message !== 'string')
    return `a ${status} without the error envelope`;
  return undefined;
}

/* ---------- the valid starting point of each operation ---------- */

async function validStart(operation: string): Promise<{ req: Req; as: ActorName; fresh: boolean } | undefined> {
  const entry = MATRIX[operation];
  if (!entry) return undefined;
  if (entry.access === 'self') {
    const as = entry.fuzzAs ?? 'indA';
    return { req: entry.request(world, as), as, fresh: Boolean(entry.freshSession) };
  }
  if (entry.access === 'public' && !entry.targets) {
    const req = entry.request?.(world);
    return req ? { req, as: entry.fuzzAs ?? 'indA', fresh: false } : undefined;
  }
  const [target] = (await entry.targets?.(world)) ?? [];
  return target ? { req: target.request, as: target.owner, fresh: false } : undefined;
}

describe('generated bad input never gets a 5xx and always the envelope', () => {
  const operationNames = Object.keys(MATRIX);
  const runsEach = Math.max(1, Math.ceil(TOTAL_RUNS / operationNames.length));

  for (const [index, operation] of operationNames.entries()) {
    it(
      operation,
      async () => {
        const start = await validStart(operation);
        expect(start, `no valid request for ${operation} in the matrix`).toBeDefined();
        if (!start) return;
        const slots = slotsOf(start.req);
        const failures = new Map<string, string>();
        // The fixed hostile values come up again and again: send each change of each field once.
        const tried = new Set<string>();
        await fc.assert(
          fc.asyncProperty(fc.nat({ max: slots.length - 1 }), hostile, async (slotIndex, value) => {
            const slot = slots[slotIndex] as Slot;
            const { req, url, label } = mutate(server.baseUrl, start.req, slot, value);
            const change = `${label}\u0000${asText(value)}`;
            if (tried.has(change)) {
              tally.repeats++;
              return true;
            }
            tried.add(change);
            const token = start.fresh ? await world.freshToken(start.as) : world.actors[start.as].token;
            let problem: string | undefined;
            let status = 0;
            try {
              const sent = await send(server.baseUrl, req, token, url, world.actors[start.as].headers);
              status = sent.status;
              problem =
                sent.status >= 500
                  ? `${sent.status} ${sent.text.slice(0, 160)}`
                  : envelopeProblem(operation, sent.status, sent.contentType, sent.json);
            } catch (error) {
              problem = `the request failed: ${(error as Error).message}`;
            }
            tally.cases++;
            tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
            if (problem) {
              tally.failures++;
              const shown = asText(value);
              const key = `${label}: ${problem.replace(/\d{3} .*/, (m) => m.slice(0, 3))}`;
              if (!failures.has(key))
                failures.set(
                  key,
                  `${label} = ${JSON.stringify(shown.length > 60 ? `${shown.slice(0, 60)}…` : shown)} → ${problem}`,
                );
            }
            return true;
          }),
          { numRuns: runsEach, seed: SEED + index, endOnFailure: true },
        );
        const found = [...failures.values()];
        expect(found, `${operation}:\n  ${found.join('\n  ')}`).toEqual([]);
      },
      30_000 + runsEach * 500,
    );
  }
});
