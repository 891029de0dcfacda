import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/store';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../lib/tokenStorage';
import { pendingAssumeStudent } from './assumeStudent';
import { bootstrapSession } from './bootstrap';
import { useSignIn } from './useSignIn';

// The popup hands over this token at once (the popup itself has its own browser test).
vi.mock('./popup', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./popup')>()),
  openSignInPopup: () => Promise.resolve({ accessToken: 'popup-token', expiresAt: '2030-01-01T00:00:00Z' }),
}));

type FetchArgs = [input: string, init?: RequestInit];
let fetchMock: ReturnType<typeof vi.fn<(...args: FetchArgs) => Promise<Response>>>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const individual = {
  userId: 7,
  accountType: 'Individual',
  email: 'ravi@example.com',
  name: 'Ravi Kumar',
  photo: null,
  institutionId: null,
  hasInstitutionAccess: false,
};
const signedIn = () =>
  json(200, {
    status: 'success',
    result: { body: individual, message: 'Signed in successfully', profile: null, education: [], portfolios: [] },
  });
const signInBodies = () =>
  fetchMock.mock.calls
    .filter(([input]) => input === '/api/user/signIn')
    .map(([, init]) => JSON.parse(String(init?.body)) as { assumeStudent: boolean });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAppStore.getState().clearSession();
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Signs in from `path` with the hook, as a click on "Sign in with Google" there does. */
async function signInOn(path: string) {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useSignIn(), { wrapper });
  await act(() => result.current.signIn({ next: path }));
}

describe('a sign-in whose POST /api/user/signIn gets no answer (the page is being left)', () => {
  it('keeps the stored token, and the next page finishes the form-link sign-in as an Individual', async () => {
    // Chrome aborts the fetches of a page being left: fetch rejects, as it does offline.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await signInOn('/forms/3f1c2a9e');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('popup-token');
    expect(pendingAssumeStudent('popup-token')).toBe(true);

    // The next page of the tab (home): a fresh app restores the session with the same intent.
    useAppStore.setState({ accessToken: null, user: null, signedIn: false });
    fetchMock.mockImplementation(async () => signedIn());
    await expect(bootstrapSession('/')).resolves.toBe('complete');
    expect(signInBodies().at(-1)).toEqual({ assumeStudent: true });
    expect(useAppStore.getState().user?.name).toBe('Ravi Kumar');
    expect(pendingAssumeStudent('popup-token')).toBe(false);
  });

  it('an answer that refuses the sign-in still ends the session', async () => {
    fetchMock.mockImplementation(async (input) =>
      input === '/api/user/signIn'
        ? json(403, { status: 'error', exception: { error: { message: 'Not allowed', code: 'FORBIDDEN' } } })
        : json(404, {}),
    );
    await signInOn('/forms/3f1c2a9e');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(useAppStore.getState().accessToken).toBeNull();
    expect(pendingAssumeStudent('popup-token')).toBe(false);
  });

  it('a completed sign-in leaves no intent behind for a later restore', async () => {
    fetchMock.mockImplementation(async () => signedIn());
    await signInOn('/forms/3f1c2a9e');
    expect(useAppStore.getState().user?.name).toBe('Ravi Kumar');
    expect(pendingAssumeStudent('popup-token')).toBe(false);
    useAppStore.setState({ accessToken: null, user: null, signedIn: false });
    await bootstrapSession('/');
    expect(signInBodies().at(-1)).toEqual({ assumeStudent: false });
  });

  it('the intent belongs to its token: another token restored in this tab does not take it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await signInOn('/forms/3f1c2a9e');
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-from-another-tab');
    useAppStore.setState({ accessToken: null, user: null, signedIn: false });
    fetchMock.mockImplementation(async () => signedIn());
    await bootstrapSession('/');
    expect(signInBodies().at(-1)).toEqual({ assumeStudent: false });
  });
});
