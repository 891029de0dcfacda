/** localStorage that never throws: storage may be disabled (privacy mode) or full; callers then carry on without it. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readJson(key: string): unknown {
  const text = storage()?.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    storage()?.removeItem(key);
    return null;
  }
}

/** False when the value could not be kept (no storage, or over quota). */
export function writeJson(key: string, value: unknown): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing kept, nothing to remove
  }
}
