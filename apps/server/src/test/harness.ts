import type { SignInResult } from '@placely/contract';
import { buildApp } from '../app';
import { startSession } from '../auth/sessions';
import { type Config, loadConfig } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import type { RouteQueryRecord } from '../http/strict-query';
import { CookieJar } from './cookie-jar';
import { openTestDatabase } from './database';

export interface TestServer {
  baseUrl: string;
  db: Database;
  ctx: AppContext;
  /** Every API route with its query schema, as registered (http/strict-query.ts). */
  routeTable: RouteQueryRecord[];
  /** fetch against the server; JSON bodies are encoded, the token goes raw in Authorization (spec §7). */
  call(
    path: string,
    options?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: any;
    response: Response;
  }>;
  /** An access token for a seeded user, with a real session, as the sign-in callback issues it. */
  tokenFor(userId: number, ttlSeconds?: number): Promise<string>;
  /** Every log line the server wrote, raw (JSON), when started with `{ captureLogs: true }`. */
  logs: string[];
  /** Runs the whole popup flow against the development identity provider, then POST /api/user/signIn. */
  signIn(options: { email: string; name?: string; assumeStudent?: boolean }): Promise<SignedIn>;
  close(): Promise<void>;
}

export interface SignedIn {
  accessToken: string;
  jar: CookieJar;
  result: SignInResult;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: { captureLogs?: boolean } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: options.captureLogs ? 'info' : (process.env.TEST_LOG_LEVEL ?? 'silent'),
      PORT: '0',
    },
    {
      rateLimitAuthPerMinute: 10_000,
      webDistDir: '/nonexistent',
      ...overrides,
    },
  );
  const { app, ctx, routeTable } = await buildApp(config, database.db, {
    ...(options.captureLogs ? { logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = ctx.publicUrl();

  const call: TestServer['call'] = async (path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: parsed, response };
  };

  const signIn: TestServer['signIn'] = async ({ email, name, assumeStudent = false }) => {
    const { accessToken, jar } = await runPopupFlow(baseUrl, { email, name: name ?? email.split('@')[0] ?? 'Test' });
    const signedIn = await call('/api/user/signIn', { token: accessToken, body: { assumeStudent } });
    if (signedIn.status !== 200) throw new Error(`signIn failed: ${signedIn.status} ${JSON.stringify(signedIn.body)}`);
    return { accessToken, jar, result: signedIn.body.result };
  };

  const tokenFor: TestServer['tokenFor'] = async (userId, ttlSeconds) => {
    const session = await startSession(database.db, userId);
    return (await ctx.tokens.issueAccessToken({ userId, sessionId: session.sessionId }, ttlSeconds)).accessToken;
  };

  return {
    baseUrl,
    db: database.db,
    ctx,
    routeTable,
    call,
    signIn,
    tokenFor,
    logs,
    async close() {
      // The file's tests are over: drop keep-alive sockets too, so close never waits on a client's idle connection.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

/** Follows the browser's path through /api/auth/start, the provider, its login form and the callback. */
export async function runPopupFlow(
  baseUrl: string,
  person: { email: string; name: string },
  jar = new CookieJar(),
): Promise<{ accessToken: string; expiresAt: string; jar: CookieJar; html: string; setCookies: string[] }> {
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  let response = await go(`/api/auth/start?origin=${encodeURIComponent(baseUrl)}`);
  let hops = 0;
  while (response.status >= 300 && response.status < 400 && hops++ < 10) {
    response = await go(response.headers.get('location') ?? '');
  }
  const loginPage = await response.text();
  const action = /action="([^"]+)"/.exec(loginPage)?.[1];
  if (!action) throw new Error(`no login form: ${response.status} ${loginPage.slice(0, 300)}`);
  response = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(person).toString(),
  });
  hops = 0;
  while (response.status >= 300 && response.status < 400 && hops++ < 10) {
    response = await go(response.headers.get('location') ?? '');
  }
  const setCookies = response.headers.getSetCookie();
  const html = await response.text();
  const json = /<script type="application\/json" id="placely-auth-result"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error(`no popup result: ${response.status} ${html.slice(0, 300)}`);
  const message = JSON.parse(json);
  if (!message.ok) throw new Error(`sign-in failed: ${message.failure}`);
  return { accessToken: message.accessToken, expiresAt: message.expiresAt, jar, html, setCookies };
}
