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

/**
 * pino options: no tokens, cookies or query strings (they can carry OAuth codes) ever reach the log.
 */
export function loggerOptions(config: Config, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  const pretty = !(stream || config.isProduction || !process.stdout.isTTY);
  return {
    level: config.logLevel,
    ...(stream ? { stream } : pretty ? {} : { stream: asyncStdout() }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split('?')[0],
      }),
    },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

let stdoutDestination: ReturnType<typeof destination> | undefined;

/**
 * Standard output written asynchronously: lines logged while a write is in flight go out together in the next one, so
 * the one request line per request is not a write system call each (a CPU profile of GET /api/health under load had
 * 17% of its busy time in synchronous log writes). Nothing waits for a quiet moment: a lone line is written at once.
 * Whatever is still queued is written synchronously when the process exits.
 */
function asyncStdout() {
  if (!stdoutDestination) {
    const out = destination({ dest: 1, sync: false });
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
