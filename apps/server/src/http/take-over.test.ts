import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStudent } from '../seed/helpers';
import { startTestServer, type TestServer } from '../test/harness';

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** The security headers every response carries (set on the reply by the app's first hook). */
function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
}

describe('routes that take the raw response over', () => {
  it('all go through takeOverResponse, which keeps the reply’s headers', () => {
    const hijacking = sourceFiles(sourceRoot)
      .filter((file) => !file.endsWith(path.join('http', 'take-over.ts')))
      .filter((file) => /\.hijack\s*\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(sourceRoot, file));
    expect(hijacking, 'call takeOverResponse(reply) instead of reply.hijack()').toEqual([]);
  });

  it('the notification stream sends the security headers', async () => {
    const student = await seedStudent(server.db);
    const controller = new AbortController();
    const response = await fetch(
      `${server.baseUrl}/api/notifications/stream?token=${encodeURIComponent(await server.tokenFor(student.id))}`,
      { signal: controller.signal },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(response);
    controller.abort();
  });

  it('resumable uploads send the security headers and no-store', async () => {
    const student = await seedStudent(server.db);
    const response = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: await server.tokenFor(student.id), 'tus-resumable': '1.0.0', 'upload-length': '1' },
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expectSecurityHeaders(response);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('the development identity provider sends them too, with its own opener policy', async () => {
    const response = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });
});
