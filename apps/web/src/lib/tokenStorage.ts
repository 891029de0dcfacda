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

/**
 * The user id an access token names (its `sub`), read without verifying it: only to key what this device keeps per
 * person (e.g. a form opened offline before the session could be restored). The server verifies every token.
 */
export function subjectOfAccessToken(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    const subject = Number(claims.sub);
    return Number.isSafeInteger(subject) && subject > 0 ? subject : null;
  } catch {
    return null;
  }
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
