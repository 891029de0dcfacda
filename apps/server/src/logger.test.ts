import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { censorSecrets, loggerOptions, logRequestCompleted } from './logger';
import { startTestServer, type TestServer } from './test/harness';

describe('censorSecrets', () => {
  it('replaces tokens, Authorization and cookies at the top and one level down, without touching the input', () => {
    const input = {
      accessToken: 'a.b.c',
      session: { refreshToken: 'r', userId: 7 },
      headers: { Authorization: 'Bearer x', cookie: 'placely_refresh=y', accept: 'json' },
      userId: 7,
    };
    const snapshot = structuredClone(input);
    expect(censorSecrets(input)).toEqual({
      accessToken: '[redacted]',
      session: { refreshToken: '[redacted]', userId: 7 },
      headers: { Authorization: '[redacted]', cookie: '[redacted]', accept: 'json' },
      userId: 7,
    });
    expect(input).toEqual(snapshot);
  });

  it('returns the same object when nothing is secret, and leaves req, res and err to their serializers', () => {
    const line = { req: { headers: { authorization: 'x' } }, res: { statusCode: 200 }, responseTime: 1 };
    expect(censorSecrets(line)).toBe(line);
  });
});

describe('logRequestCompleted', () => {
  function capturingLogger(extra: pino.LoggerOptions = {}) {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const options = loggerOptions(loadConfig({ LOG_LEVEL: 'info' }), stream) as pino.LoggerOptions;
    const logger = pino({ ...options, timestamp: () => ',"time":1764000000000', ...extra }, stream);
    return { lines, log: logger.child({ reqId: 'req-7' }) };
  }
  const request = { id: 'req-7', method: 'GET', url: '/api/openings/x?code=oauth-secret&q="quoted"' };

  it("writes byte for byte the line pino's general path writes, without the query string", () => {
    const { lines, log } = capturingLogger();
    logRequestCompleted(log, request, 201, 1.234567);
    log.info({ req: request, res: { statusCode: 201 }, responseTime: 1.234567 }, 'request completed');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(lines[1]);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      level: 30,
      reqId: 'req-7',
      req: { id: 'req-7', method: 'GET', url: '/api/openings/x' },
      res: { statusCode: 201 },
      responseTime: 1.234567,
      msg: 'request completed',
    });
  });

  it('writes nothing below its level, and takes the general path for a logger with a mixin', () => {
    const quiet = capturingLogger({ level: 'warn' });
    logRequestCompleted(quiet.log, request, 200, 1);
    expect(quiet.lines).toEqual([]);
    const mixed = capturingLogger({ mixin: () => ({ region: 'eu' }) });
    logRequestCompleted(mixed.log, request, 200, 1);
    expect(JSON.parse(mixed.lines[0] as string)).toMatchObject({ region: 'eu', res: { statusCode: 200 } });
  });
});

describe('the request log', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { captureLogs: true });
  });
  afterAll(async () => {
    await server.close();
  });

  it('holds no token, cookie or query string through a whole sign-in, refresh and signed-in read', async () => {
    const { accessToken, jar } = await server.signIn({ email: 'logs@example.com', name: 'Log Reader' });
    const refreshed = await fetch(`${server.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: server.baseUrl },
    });
    expect(refreshed.status).toBe(200);
    expect((await server.call('/api/user/profile', { token: accessToken })).status).toBe(200);
    // A query field the route does not name is refused (400), and its line holds no query string either.
    expect((await server.call('/api/user/profile?probe=secret-query', { token: accessToken })).status).toBe(400);

    // Placely's own secrets; the development identity provider's interaction ids are in its URLs by its design.
    const cookies = jar
      .header()
      .split('; ')
      .filter((pair) => pair.startsWith('placely_'))
      .map((pair) => pair.slice(pair.indexOf('=') + 1));
    expect(cookies.length).toBeGreaterThan(0);
    const secrets = [accessToken, ...cookies];
    const text = server.logs.join('');
    const profileRead = server.logs.find((line) => line.includes('"url":"/api/user/profile"'));
    expect(Object.keys(JSON.parse(profileRead as string))).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('secret-query');
    expect(text).not.toContain('logs@example.com');
  });
});
