/** The localStorage key that holds the access token (shared by all tabs). */
export const ACCESS_TOKEN_STORAGE_KEY = 'placely.accessToken';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function readStoredAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null;
}

export function writeStoredAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

export function clearStoredAccessToken(): void {
  storage()?.removeItem(ACCESS_TOKEN_STORAGE_KEY);
}
