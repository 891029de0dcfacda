import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStudent } from '../../seed/helpers';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('system routes', () => {
  it('GET /api/config names the development identity provider when Google is not configured', async () => {
    const { status, body } = await server.call('/api/config');
    expect(status).toBe(200);
    expect(body.result.data).toMatchObject({ identityProvider: 'development', profileServiceUrl: server.baseUrl });
  });

  it('GET /api/health reports the database', async () => {
    expect((await server.call('/api/health')).body.result.data).toEqual({ database: 'up' });
  });

  it('serves OpenAPI generated from the zod schemas, and the docs page', async () => {
    const { body } = await server.call('/api/docs/json');
    expect(body.openapi).toBe('3.1.0');
    for (const path of [
      '/api/user/signIn',
      '/api/user/profile',
      '/api/user/account',
      '/api/institutions',
      '/api/auth/refresh',
    ]) {
      expect(Object.keys(body.paths)).toContain(path);
    }
    expect(body.components.schemas.User).toBeDefined();
    const page = await fetch(`${server.baseUrl}/api/docs`);
    expect(page.status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts and a popup-friendly opener policy', async () => {
    const { response } = await server.call('/api/config');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('allows credentials only for the app origin', async () => {
    const own = await server.call('/api/config', { headers: { origin: server.baseUrl } });
    expect(own.response.headers.get('access-control-allow-origin')).toBe(server.baseUrl);
    expect(own.response.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await server.call('/api/config', { headers: { origin: 'https://evil.example' } });
    expect(foreign.response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('error envelope', () => {
  async function token() {
    const user = await seedStudent(server.db);
    return server.tokenFor(user.id);
  }

  it('404 in the envelope for an unknown API path', async () => {
    const { status, body } = await server.call('/api/nothing-here');
    expect(status).toBe(404);
    expect(body).toEqual({
      status: 'error',
      exception: { error: { message: 'GET /api/nothing-here was not found.', code: 'NOT_FOUND' } },
    });
  });

  it('400 naming the body for invalid JSON', async () => {
    const { status, body } = await server.call('/api/user/profile', {
      token: await token(),
      body: '{"phoneNumbers": [',
    });
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([{ field: 'body', message: 'The request body is not valid JSON.' }]);
  });

  it('413 for an oversized body', async () => {
    const huge = JSON.stringify({ phoneNumbers: [], padding: 'x'.repeat(1_100_000) });
    const { status, body } = await server.call('/api/user/profile', { token: await token(), body: huge });
    expect(status).toBe(413);
    expect(body.exception.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('415 for a body that is not JSON', async () => {
    const { status, body } = await server.call('/api/user/profile', {
      token: await token(),
      body: 'phoneNumbers=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(status).toBe(415);
    expect(body.exception.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
