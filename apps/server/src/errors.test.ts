import { MESSAGES } from '@placely/contract';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { errors, registerErrorHandling } from './errors';

it('turns an unknown error into a generic 500 without internals', async () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw new Error('connection string postgres://secret@db leaked');
  });
  app.get('/forbidden', async () => {
    throw errors.forbidden('Not yours.');
  });
  const boom = await app.inject('/boom');
  expect(boom.statusCode).toBe(500);
  expect(boom.json()).toEqual({
    status: 'error',
    exception: { error: { message: MESSAGES.unexpectedError, code: 'INTERNAL' } },
  });
  expect(boom.body).not.toContain('secret');
  const forbidden = await app.inject('/forbidden');
  expect(forbidden.statusCode).toBe(403);
  expect(forbidden.json().exception.error).toEqual({ message: 'Not yours.', code: 'FORBIDDEN' });
});

it('answers addresses refused before any route runs in the envelope', async () => {
  const { startTestServer } = await import('./test/harness');
  const server = await startTestServer();
  try {
    const longParam = await fetch(`${server.baseUrl}/api/files/${'a'.repeat(500)}`);
    expect(longParam.status).toBe(400);
    expect(((await longParam.json()) as any).exception.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    const longUrl = await fetch(`${server.baseUrl}/api/health?x=${'a'.repeat(70_000)}`);
    expect(longUrl.status).toBe(431);
    expect(((await longUrl.json()) as any).exception.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  } finally {
    await server.close();
  }
});

it('answers text the database cannot store with a 400, never a 500', async () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/nul', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('invalid byte sequence'), { code: '22021' }),
    });
  });
  const nul = await app.inject('/nul');
  expect(nul.statusCode).toBe(400);
  expect(nul.json().exception.error.code).toBe('VALIDATION_FAILED');
});
