import { MESSAGES } from '@placely/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startSession } from '../../auth/sessions';
import { hashToken } from '../../auth/tokens';
import { refreshTokens, users } from '../../db/schema';
import { seedStudent } from '../../seed/helpers';
import { CookieJar } from '../../test/cookie-jar';
import { runPopupFlow, startTestServer, type TestServer } from '../../test/harness';
import { REFRESH_COOKIE } from '.';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function refresh(jar: CookieJar) {
  const response = await fetch(`${server.baseUrl}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: jar.header() },
  });
  jar.store(response);
  return { status: response.status, body: (await response.json()) as any, response };
}

describe('sign-in popup flow', () => {
  it('hands an access token to the page and sets an HttpOnly, SameSite=Strict refresh cookie', async () => {
    const jar = new CookieJar();
    const flow = await runPopupFlow(server.baseUrl, { email: 'Popup.User@Example.com', name: 'Popup User' }, jar);
    expect(flow.accessToken.split('.')).toHaveLength(3);
    expect(new Date(flow.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(jar.get(REFRESH_COOKIE)).toBeTruthy();
    const cookie = flow.setCookies.find((header) => header.startsWith(`${REFRESH_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/auth/i);
    expect(flow.html).toContain(`data-origin="${server.baseUrl}"`);
    expect(flow.html).toContain('src="/api/auth/popup.js"');
    const [user] = await server.db.select().from(users).where(eq(users.email, 'popup.user@example.com'));
    expect(user?.name).toBe('Popup User');
  });

  it('refuses to start from an origin that is not the app', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/auth/start?origin=${encodeURIComponent('https://evil.example')}`,
      {
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('Sign-in is not allowed from this address.');
  });

  it('names the bad field when origin is missing', async () => {
    const { status, body } = await server.call('/api/auth/start');
    expect(status).toBe(400);
    expect(body.exception.error.fields).toEqual([{ field: 'origin', message: 'Required' }]);
  });

  it('reports an expired attempt when the flow cookie is missing at the callback', async () => {
    const response = await fetch(`${server.baseUrl}/api/auth/callback?code=abc&state=def`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('"failure":"expired"');
  });

  it('reports cancellation when the person cancels at the identity provider', async () => {
    const jar = new CookieJar();
    const go = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(new URL(url, server.baseUrl), {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
      });
      jar.store(response);
      return response;
    };
    let response = await go(`/api/auth/start?origin=${encodeURIComponent(server.baseUrl)}`);
    while (response.status >= 300 && response.status < 400) response = await go(response.headers.get('location') ?? '');
    const page = await response.text();
    expect(page).toContain('<label for="email">Email</label>');
    expect(page).toContain('<label for="name">Name</label>');
    expect(page).toContain('>Continue</button>');
    const abort = /formaction="([^"]+)"/.exec(page)?.[1] ?? '';
    response = await go(abort, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    while (response.status >= 300 && response.status < 400) response = await go(response.headers.get('location') ?? '');
    expect(await response.text()).toContain('"failure":"cancelled"');
  });

  it('creates one user when the same person finishes two first sign-ins at once', async () => {
    const email = 'twice@example.com';
    const [first, second] = await Promise.all([
      server.signIn({ email, name: 'Twice' }),
      server.signIn({ email, name: 'Twice' }),
    ]);
    expect(first.result.body.userId).toBe(second.result.body.userId);
    const rows = await server.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});

/** Moves the presented token's rotation back past the grace window, as if 31 seconds had gone by. */
async function endGraceWindow(jar: CookieJar) {
  await server.db
    .update(refreshTokens)
    .set({ usedAt: sql`now() - interval '31 seconds'` })
    .where(eq(refreshTokens.tokenHash, hashToken(jar.get(REFRESH_COOKIE) ?? '')));
}

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new access token and a new refresh cookie', async () => {
    const { jar } = await server.signIn({ email: 'rotate@example.com' });
    const before = jar.get(REFRESH_COOKIE);
    const refreshed = await refresh(jar);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.status).toBe('success');
    expect(refreshed.body.result.data.accessToken).toBeTruthy();
    expect(jar.get(REFRESH_COOKIE)).not.toBe(before);
    const profile = await server.call('/api/user/profile', { token: refreshed.body.result.data.accessToken });
    expect(profile.status).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const { jar, accessToken } = await server.signIn({ email: 'reuse@example.com' });
    const stolen = new CookieJar();
    stolen.set(REFRESH_COOKIE, jar.get(REFRESH_COOKIE) ?? '');
    expect((await refresh(jar)).status).toBe(200);
    await endGraceWindow(stolen);

    const replay = await refresh(stolen);
    expect(replay.status).toBe(401);
    expect(replay.body.exception.error.code).toBe('UNAUTHENTICATED');
    // The legitimate holder's newer token is dead too, and so is the session's access token.
    expect((await refresh(jar)).status).toBe(401);
    expect((await server.call('/api/user/profile', { token: accessToken })).status).toBe(401);
  });

  it('8 parallel refreshes with the same cookie, spread over two server processes, all get one successor', async () => {
    const { jar } = await server.signIn({ email: 'parallel@example.com' });
    const second = await buildApp(server.ctx.config, server.db);
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const secondUrl = second.ctx.publicUrl();
      const cookie = jar.header();
      const results = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const response = await fetch(`${index % 2 ? secondUrl : server.baseUrl}/api/auth/refresh`, {
            method: 'POST',
            headers: { cookie },
          });
          const set = new CookieJar();
          set.store(response);
          return { status: response.status, successor: set.get(REFRESH_COOKIE) };
        }),
      );
      expect(results.map((result) => result.status)).toEqual(Array(8).fill(200));
      expect(new Set(results.map((result) => result.successor)).size).toBe(1);
      jar.set(REFRESH_COOKIE, results[0]?.successor ?? '');
      // The session lives on: the successor rotates normally.
      expect((await refresh(jar)).status).toBe(200);
    } finally {
      second.app.server.closeAllConnections();
      await second.app.close();
    }
  });

  it('a refresh whose answer was lost is retried within the grace window and gets the same successor', async () => {
    const { jar } = await server.signIn({ email: 'lossy@example.com' });
    const lost = new CookieJar();
    lost.set(REFRESH_COOKIE, jar.get(REFRESH_COOKIE) ?? '');
    expect((await refresh(lost)).status).toBe(200); // the answer never reached the phone
    const retried = await refresh(jar);
    expect(retried.status).toBe(200);
    expect(jar.get(REFRESH_COOKIE)).toBe(lost.get(REFRESH_COOKIE));
    expect((await server.call('/api/user/profile', { token: retried.body.result.data.accessToken })).status).toBe(200);
  });

  it('within the grace window, a spent token whose successor was already used revokes the family', async () => {
    const { jar } = await server.signIn({ email: 'moved-on@example.com' });
    const old = new CookieJar();
    old.set(REFRESH_COOKIE, jar.get(REFRESH_COOKIE) ?? '');
    expect((await refresh(jar)).status).toBe(200);
    expect((await refresh(jar)).status).toBe(200); // the successor is spent too
    expect((await refresh(old)).status).toBe(401);
    expect((await refresh(jar)).status).toBe(401);
  });

  it('answers 401 in the envelope without a refresh cookie', async () => {
    const { status, body } = await server.call('/api/auth/refresh', { method: 'POST' });
    expect(status).toBe(401);
    expect(body).toEqual({
      status: 'error',
      exception: { error: { message: 'You are not signed in.', code: 'UNAUTHENTICATED' } },
    });
  });
});

describe('access token verification (issue #10, defect 6)', () => {
  it('refuses a correctly signed token without exp, or without iat', async () => {
    const user = await seedStudent(server.db);
    const { sessionId } = await startSession(server.db, user.id);
    const sign = (withExp: boolean, withIat: boolean) => {
      let jwt = new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuer('placely')
        .setAudience('placely-api');
      if (withIat) jwt = jwt.setIssuedAt();
      if (withExp) jwt = jwt.setExpirationTime('5m');
      return jwt.sign(server.ctx.config.jwtSecret);
    };
    expect((await server.call('/api/user/profile', { token: await sign(true, true) })).status).toBe(200);
    expect((await server.call('/api/user/profile', { token: await sign(false, true) })).status).toBe(401);
    expect((await server.call('/api/user/profile', { token: await sign(true, false) })).status).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session: the access token and the refresh cookie stop working', async () => {
    const { jar, accessToken } = await server.signIn({ email: 'leaving@example.com' });
    const response = await fetch(`${server.baseUrl}/api/auth/signout`, {
      method: 'POST',
      headers: { authorization: accessToken, cookie: jar.header() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(new RegExp(`${REFRESH_COOKIE}=;`));
    // Both ways of authenticating refuse it: the session check in a route's first read, and the common hook.
    expect((await server.call('/api/user/profile', { token: accessToken })).status).toBe(401);
    expect((await server.call('/api/individual/portfolios', { token: accessToken })).status).toBe(401);
    expect((await refresh(jar)).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 in the envelope after too many sign-in attempts', async () => {
    const limited = await startTestServer({ rateLimitAuthPerMinute: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.call('/api/auth/refresh', { method: 'POST' })).status);
      expect(statuses).toEqual([401, 401, 429]);
      const { body } = await limited.call('/api/auth/refresh', { method: 'POST' });
      expect(body.exception.error.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

it('keeps the spec message for unknown account types', () => {
  expect(MESSAGES.accountTypeDoesNotExist).toBe('Account type does not exist!');
});
