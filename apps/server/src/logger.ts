import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * pino options: no tokens, cookies or query strings (they can carry OAuth codes) ever reach the log.
 */
export function loggerOptions(config: Config, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
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
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split('?')[0],
      }),
    },
    ...(stream || config.isProduction || !process.stdout.isTTY
      ? {}
      : { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }),
  };
}
