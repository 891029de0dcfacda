import type { FastifyServerOptions } from 'fastify';
import { destination, stdSerializers } from 'pino';
import type { Config } from './config';
import { databaseErrorCode } from './db/errors';

interface DatabaseErrorFields {
  code?: string;
  query?: unknown;
  severity?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
}

/**
 * A failed query logs its shape and SQLSTATE only. Drizzle's message repeats the parameters (answers, names, file
 * ids), and the driver's message, `detail` and `where` quote row values ("Failing row contains (…)"), so none of
 * them is kept; the stack keeps its frames without the message.
 */
export function serializeError(error: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const code = databaseErrorCode(error);
  if (!code) return stdSerializers.err(error);
  const fields: DatabaseErrorFields = {};
  for (let current = error as DatabaseErrorFields | undefined; current; current = current.cause as typeof current) {
    for (const key of ['query', 'severity', 'routine', 'constraint', 'table', 'column'] as const) {
      if (fields[key] === undefined && typeof current[key] === 'string') fields[key] = current[key];
    }
  }
  return {
    type: error.constructor.name,
    message: `database error ${code}`,
    code,
    ...fields,
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
  };
}

/** Keys whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS = new Set(['accesstoken', 'refreshtoken', 'idtoken', 'authorization', 'cookie', 'set-cookie']);
/** Logged under these keys, objects go through a serializer that names every field it keeps (no headers, no body). */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);
const CENSOR = '[redacted]';

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function censorRecord(record: Record<string, unknown>): Record<string, unknown> | undefined {
  let censored: Record<string, unknown> | undefined;
  for (const key in record) {
    if (SECRET_KEYS.has(key.toLowerCase())) {
      censored ??= { ...record };
      censored[key] = CENSOR;
    }
  }
  return censored;
}

/**
 * Secrets out of every log line: a token, Authorization or cookie value logged at the top of the object or one level
 * down (`{ session: { accessToken } }`, `{ headers }`) is replaced by "[redacted]". `req`, `res` and `err` are left to
 * their serializers, which keep only named fields. pino's path redaction did this at ~6 µs per line (three times the
 * rest of the line's cost, issue #17); this scan costs a few key lookups and copies only an object that holds a secret.
 */
export function censorSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let result = censorRecord(object) ?? object;
  for (const key in result) {
    if (SERIALIZED_KEYS.has(key)) continue;
    const value = result[key];
    if (!isPlainRecord(value)) continue;
    const censored = censorRecord(value);
    if (censored) {
      if (result === object) result = { ...object };
      result[key] = censored;
    }
  }
  return result;
}

/**
 * pino options: no tokens, cookies or query strings (they can carry OAuth codes) ever reach the log.
 */
export function loggerOptions(config: Config, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  const pretty = !(stream || config.isProduction || !process.stdout.isTTY);
  return {
    level: config.logLevel,
    ...(stream ? { stream } : pretty ? {} : { stream: batchedStdout() }),
    formatters: { log: censorSecrets },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split('?')[0],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

let stdoutDestination: ReturnType<typeof destination> | undefined;

/** Lines gather up to this many bytes before a write, and never wait longer than LOG_FLUSH_MS. */
const LOG_BATCH_BYTES = 8192;
const LOG_FLUSH_MS = 200;

/**
 * Standard output written in batches: lines gather until 8 KB or 200 ms, then go out in one synchronous write system
 * call (pino's default is synchronous too, one write per line). Measured under `GET /api/health` load (issue #17): one
 * write per line took 17% of the server's busy time; asynchronous writes still cost ~10% (each one a hand-off to
 * libuv's thread pool); batched synchronous writes cost ~2 µs a line including pino's own work. A quiet server's line
 * reaches the log within 200 ms; whatever is still queued is written when the process exits.
 */
function batchedStdout() {
  if (!stdoutDestination) {
    const out = destination({ dest: 1, sync: true, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
    stdoutDestination = out;
    process.once('exit', () => {
      try {
        out.flushSync();
      } catch {
        // stdout already closed: nothing left to write to
      }
    });
  }
  return stdoutDestination;
}
