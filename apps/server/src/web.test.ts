import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let server: TestServer;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'placely-web-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><head><meta name="description" content="Placely" /><title>Placely</title></head><div id="root"></div>',
  );
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  server = await startTestServer({ webDistDir: distDir });
});

afterAll(async () => {
  await server.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('web app serving', () => {
  it('answers client routes with index.html, never cached', async () => {
    for (const route of ['/', '/student/profile', '/forms/3f1c', '/no/such/page']) {
      const response = await fetch(`${server.baseUrl}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets immutable and precompressed when the browser accepts brotli', async () => {
    const response = await fetch(`${server.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toContain('xxxx');
  });

  it('gives shared public portfolio links their own title and Open Graph tags, escaped', async () => {
    const { seedStudent } = await import('./seed/helpers');
    const { portfolios } = await import('./db/schema');
    const student = await seedStudent(server.db, { name: 'Zoë <script>' });
    await server.db.insert(portfolios).values({
      userId: student.id,
      publicId: 'AbCdEfGhIjKl',
      title: 'Design & research',
      visibility: 'public',
      sections: ['skills'],
    });
    const html = await (await fetch(`${server.baseUrl}/viewer/AbCdEfGhIjKl`)).text();
    expect(html).toContain(
      '<meta property="og:title" content="Zoë &#60;script&#62; — Design &#38; research · Placely" />',
    );
    expect(html).not.toContain('<script>');
    const plain = await (await fetch(`${server.baseUrl}/viewer/ZZZZZZZZZZZZ`)).text();
    expect(plain).not.toContain('og:title');
  });

  it('serves a real robots.txt rather than the SPA shell', async () => {
    const response = await fetch(`${server.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('User-agent');
  });

  it('never falls back to the SPA for API paths or missing files', async () => {
    const api = await server.call('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body.status).toBe('error');
    const missing = await fetch(`${server.baseUrl}/assets/missing-file.js`);
    expect(missing.status).toBe(404);
  });
});
