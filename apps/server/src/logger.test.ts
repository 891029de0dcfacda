import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censorSecrets } from './logger';
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
    expect((await server.call('/api/user/profile?probe=secret-query', { token: accessToken })).status).toBe(200);

    // Placely's own secrets; the development identity provider's interaction ids are in its URLs by its design.
    const cookies = jar
      .header()
      .split('; ')
      .filter((pair) => pair.startsWith('placely_'))
      .map((pair) => pair.slice(pair.indexOf('=') + 1));
    expect(cookies.length).toBeGreaterThan(0);
    const secrets = [accessToken, ...cookies];
    const text = server.logs.join('');
    expect(server.logs.some((line) => line.includes('"url":"/api/user/profile"'))).toBe(true);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('secret-query');
    expect(text).not.toContain('logs@example.com');
  });
});
