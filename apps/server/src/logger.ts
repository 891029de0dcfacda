import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { destination, stdSerializers, symbols } from 'pino';
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
      req: (request: LoggedRequest) => ({ id: request.id, method: request.method, url: pathOf(request.url) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

let stdoutDestination: { write(line: string): void } | undefined;

/** Lines gather up to this many bytes before a write, and never wait longer than LOG_FLUSH_MS. */
const LOG_BATCH_BYTES = 8192;
const LOG_FLUSH_MS = 200;

/**
 * Standard output written in batches: lines gather until 8 KB or 200 ms, then go out in one synchronous write system
 * call (pino's default is synchronous too, one write per line). Measured under `GET /api/health` load (issue #17): one
 * write per line took 17% of the server's busy time; asynchronous writes still cost ~10% (each one a hand-off to
 * libuv's thread pool); batched synchronous writes cost ~2 µs a line including pino's own work. A quiet server's line
 * reaches the log within 200 ms; whatever is still queued is written when the process exits.
 *
 * The lines are handed over as bytes: given strings, sonic-boom measures the whole pending batch again on every line
 * (`Buffer.byteLength` of a string that grows to 8 KB), which cost more than building the line.
 */
function batchedStdout() {
  if (!stdoutDestination) {
    const out = destination({
      dest: 1,
      sync: true,
      minLength: LOG_BATCH_BYTES,
      periodicFlush: LOG_FLUSH_MS,
      contentMode: 'buffer',
    });
    stdoutDestination = { write: (line: string) => out.write(Buffer.from(line) as unknown as string) };
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

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
}

/** A URL as logged: its path, never its query string (OAuth codes and search terms travel there). */
const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** The parts of a pino logger a hand-built line needs (`pino.symbols`, pino's extension interface). */
interface PinoLineParts {
  [symbols.lsCacheSym]: Record<number, string>;
  [symbols.timeSym]: () => string;
  [symbols.chindingsSym]: string;
  [symbols.endSym]: string;
  [symbols.mixinSym]?: unknown;
  [symbols.streamSym]: { write(line: string): void; [symbols.needsMetadataGsym]?: boolean };
  isLevelEnabled(level: string): boolean;
}

const INFO = 30;

/**
 * The line that ends every request — `{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"req":{"id","method","url"},
 * "res":{"statusCode"},"responseTime":…,"msg":"request completed"}` — built directly, byte for byte what
 * `log.info({ req, res, responseTime }, 'request completed')` writes through the serializers above (logger.test.ts
 * compares the two). pino's general path (serializers, the secrets scan, a stringify per value) cost ~4 µs a line, a
 * tenth of a health check (issue #17). A logger without pino's parts, or with a mixin, takes the general path.
 */
export function logRequestCompleted(
  log: FastifyBaseLogger,
  request: LoggedRequest,
  statusCode: number,
  responseTime: number,
): void {
  const parts = log as unknown as Partial<PinoLineParts>;
  const stream = parts[symbols.streamSym];
  const levelPrefix = parts[symbols.lsCacheSym]?.[INFO];
  const time = parts[symbols.timeSym];
  if (
    !parts.isLevelEnabled ||
    !stream ||
    stream[symbols.needsMetadataGsym] ||
    parts[symbols.mixinSym] ||
    !levelPrefix ||
    !time
  ) {
    log.info({ req: request, res: { statusCode }, responseTime }, 'request completed');
    return;
  }
  if (!parts.isLevelEnabled('info')) return;
  stream.write(
    `${levelPrefix}${time()}${parts[symbols.chindingsSym] ?? ''},"req":{"id":${JSON.stringify(request.id)},` +
      `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(pathOf(request.url))}},` +
      `"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"${parts[symbols.endSym] ?? '}\n'}`,
  );
}
