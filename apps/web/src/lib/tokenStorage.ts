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

/**
 * Keys under this prefix hold one person's unsent work (form drafts, pending submissions). Sign-out removes them, so
 * the next person on a shared computer never sees them; everything sent is on the server.
 */
export const PERSONAL_STORAGE_PREFIX = 'placely.personal.';

export function clearPersonalDeviceData(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key?.startsWith(PERSONAL_STORAGE_PREFIX) ?? false,
  );
  for (const key of keys) store.removeItem(key);
}
