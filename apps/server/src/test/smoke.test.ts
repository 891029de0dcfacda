import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it('signs in through the development identity provider', async () => {
  const signedIn = await server.signIn({ email: 'smoke@example.com', name: 'Smoke Test' });
  expect(signedIn.result.body.email).toBe('smoke@example.com');
});
