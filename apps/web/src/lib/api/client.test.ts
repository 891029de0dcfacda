import { AUTH_PATHS, MESSAGES, ORGANIZATION_HEADER } from '@placely/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActingFor } from '../actingFor';
import { useAppStore } from '../store';
import { ACCESS_TOKEN_STORAGE_KEY } from '../tokenStorage';
import { apiData, apiDownload, apiRequest, REFRESH_LOCK_NAME } from './client';
import { ApiError } from './errors';

type FetchArgs = [input: string, init?: RequestInit];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const success = (data: unknown, message = '') => json(200, { status: 'success', result: { data, message } });
const failure = (status: number, message: string, code: string, fields?: unknown) =>
  json(status, { status: 'error', exception: { error: { message, code, ...(fields ? { fields } : {}) } } });

function authOf(init?: RequestInit): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

function signInWith(token: string) {
  useAppStore.getState().setAccessToken(token);
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().clearSession();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'locks');
});

/** A server where `valid` is the only accepted token and refresh hands out `next`. */
function fakeServer(options: { valid: string; next: string; refreshStatus?: number; refreshDelayMs?: number }) {
  fetchMock.mockImplementation(async (input, init) => {
    if (input === AUTH_PATHS.refresh) {
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 10));
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return failure(options.refreshStatus, 'Refresh token is invalid', 'UNAUTHENTICATED');
      }
      options.valid = options.next;
      return success({ accessToken: options.next, expiresAt: '2030-01-01T00:00:00Z' });
    }
    if (authOf(init) !== options.valid) return failure(401, 'Access token expired', 'TOKEN_EXPIRED');
    return success({ path: input }, 'ok');
  });
}

const refreshCalls = () => fetchMock.mock.calls.filter(([input]) => input === AUTH_PATHS.refresh).length;

describe('apiRequest', () => {
  it('sends the token without a Bearer prefix, with credentials and JSON', async () => {
    signInWith('tok-123');
    fetchMock.mockResolvedValue(success({ ok: true }, 'Saved'));

    const result = await apiRequest<{ data: unknown; message: string }>('/api/user/profile', {
      method: 'POST',
      body: { phoneNumbers: [] },
    });

    expect(result).toEqual({ data: { ok: true }, message: 'Saved' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/profile');
    expect(authOf(init)).toBe('tok-123');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
    expect(init?.body).toBe(JSON.stringify({ phoneNumbers: [] }));
  });

  it('returns result (not result.data) and apiData returns result.data', async () => {
    fetchMock.mockImplementation(async () => success([1, 2], 'Listed'));
    await expect(apiRequest('/api/x')).resolves.toEqual({ data: [1, 2], message: 'Listed' });
    await expect(apiData('/api/x')).resolves.toEqual([1, 2]);
  });

  it('builds query strings and skips empty values', async () => {
    fetchMock.mockResolvedValue(success([]));
    await apiData('/api/institutions', { query: { search: 'iit delhi', limit: undefined, page: null } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/institutions?search=iit+delhi');
  });

  it('surfaces the envelope error message, code, status and fields', async () => {
    signInWith('tok');
    fetchMock.mockResolvedValue(
      failure(400, 'Some fields are invalid', 'VALIDATION_FAILED', [{ field: 'profile.website', message: 'Bad URL' }]),
    );
    const error = await apiRequest('/api/individual/profile', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Some fields are invalid',
      code: 'VALIDATION_FAILED',
      status: 400,
      fields: [{ field: 'profile.website', message: 'Bad URL' }],
    });
  });

  it('maps a failed call without a response to the unexpected-error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiRequest('/api/config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MESSAGES.unexpectedError);
    expect((error as ApiError).status).toBe(0);
  });

  it('uses the unexpected-error message when an error response has no envelope', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/api/config')).rejects.toMatchObject({ message: MESSAGES.unexpectedError, status: 502 });
  });
});

describe('401 handling', () => {
  it('refreshes once for three concurrent 401s and retries each request once', async () => {
    signInWith('old');
    fakeServer({ valid: 'fresh', next: 'fresh' });

    const results = await Promise.all([apiData('/api/a'), apiData('/api/b'), apiData('/api/c')]);

    expect(results).toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    expect(refreshCalls()).toBe(1);
    for (const path of ['/api/a', '/api/b', '/api/c']) {
      expect(fetchMock.mock.calls.filter(([input]) => input === path)).toHaveLength(2);
    }
    expect(useAppStore.getState().accessToken).toBe('fresh');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('fresh');
    // The retries carry the new token, bare.
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/a').map(([, init]) => authOf(init))).toEqual([
      'old',
      'fresh',
    ]);
  });

  it('retries exactly once: a second 401 fails the request', async () => {
    signInWith('old');
    // Even after the refresh the server still rejects the new token.
    fetchMock.mockImplementation(async (input) => {
      if (input === AUTH_PATHS.refresh) return success({ accessToken: 'fresh', expiresAt: '2030-01-01T00:00:00Z' });
      return failure(401, 'Access token expired', 'TOKEN_EXPIRED');
    });

    await expect(apiData('/api/a')).rejects.toMatchObject({ status: 401, message: 'Access token expired' });
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/a')).toHaveLength(2);
    expect(refreshCalls()).toBe(1);
  });

  it('fails the request and clears the session when the refresh fails', async () => {
    signInWith('old');
    fakeServer({ valid: 'fresh', next: 'fresh', refreshStatus: 401 });

    await expect(apiData('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls.filter(([input]) => input === '/api/a')).toHaveLength(1);
    expect(useAppStore.getState().accessToken).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('serialises the refresh with a Web Lock and reuses a newer token another tab stored', async () => {
    signInWith('old');
    const request = vi.fn(async (_name: string, callback: () => Promise<string>) => callback());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    fakeServer({ valid: 'from-other-tab', next: 'unused' });
    // Another tab refreshed first and wrote its token.
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'from-other-tab');

    await expect(apiData('/api/a')).resolves.toEqual({ path: '/api/a' });
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe(REFRESH_LOCK_NAME);
    expect(refreshCalls()).toBe(0);
    expect(useAppStore.getState().accessToken).toBe('from-other-tab');
  });

  it('does not refresh for the skipRefresh option', async () => {
    fetchMock.mockResolvedValue(failure(401, 'No session', 'UNAUTHENTICATED'));
    await expect(apiData('/api/a', { skipRefresh: true })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiDownload', () => {
  it('hands back the unread response after one refresh on 401', async () => {
    signInWith('old');
    fetchMock.mockImplementation(async (input, init) => {
      if (input === AUTH_PATHS.refresh) return success({ accessToken: 'new', expiresAt: '2030-01-01T00:00:00Z' });
      if (authOf(init) !== 'new') return failure(401, 'Access token expired', 'TOKEN_EXPIRED');
      return new Response('a,b\n1,2\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Total-Rows': '1' } });
    });

    const response = await apiDownload('/api/export', { query: { format: 'csv' } });

    expect(response.headers.get('X-Total-Rows')).toBe('1');
    await expect(response.text()).resolves.toBe('a,b\n1,2\n');
    expect(refreshCalls()).toBe(1);
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/export?format=csv');
    expect((init?.headers as Record<string, string> | undefined)?.Accept).toBe('*/*');
  });

  it('throws the envelope error of a failed download', async () => {
    signInWith('tok');
    fetchMock.mockResolvedValue(failure(404, 'That opening was not found.', 'NOT_FOUND'));
    await expect(apiDownload('/api/export')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('acting for an organization', () => {
  const headerOf = (init?: RequestInit) =>
    (init?.headers as Record<string, string> | undefined)?.[ORGANIZATION_HEADER] ?? null;

  it('names the chosen organization on every call, only for the person who chose it, and forgets it on sign-out', async () => {
    signInWith('tok-1');
    fetchMock.mockImplementation(async () => success({ ok: true }));
    useAppStore.setState({ user: { userId: 7 } as never });
    useActingFor.getState().actFor(7, 42);
    await apiRequest('/api/organization/openings');
    expect(headerOf(fetchMock.mock.calls[0]?.[1])).toBe('42');
    // The choice survives a reload (stored), and is ignored for anyone else.
    expect(JSON.parse(localStorage.getItem('placely.actingFor') ?? 'null')).toEqual({ userId: 7, organizationId: 42 });
    useAppStore.setState({ user: { userId: 8 } as never });
    await apiRequest('/api/organization/openings');
    expect(headerOf(fetchMock.mock.calls[1]?.[1])).toBeNull();
    // Acting for oneself sends nothing; signing out forgets the choice.
    useAppStore.setState({ user: { userId: 7 } as never });
    useActingFor.getState().actFor(7, null);
    await apiRequest('/api/organization/openings');
    expect(headerOf(fetchMock.mock.calls[2]?.[1])).toBeNull();
    useActingFor.getState().actFor(7, 42);
    useAppStore.getState().clearSession();
    expect(localStorage.getItem('placely.actingFor')).toBeNull();
  });
});
