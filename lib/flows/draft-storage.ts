/**
 * Local storage access for the flows' drafts and last generation ids. Storage can be missing
 * (private mode, disabled cookies) or full; none of that may break a page, so every call
 * degrades to "nothing stored".
 */

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The browser's local storage, or null where it cannot be used. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStoredJson(storage: KeyValueStorage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === "QuotaExceededError" || error.name === "NS_ERROR_DOM_QUOTA_REACHED" || error.code === 22)
  );
}

/**
 * Saves `value` under `key`. Spec §4: when the quota is exceeded the key is cleared and the
 * save retried once (the old value may be what filled the quota). False when it still fails.
 */
export function writeStoredJson(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  if (!storage) return false;
  const text = JSON.stringify(value);
  try {
    storage.setItem(key, text);
    return true;
  } catch (error) {
    if (!isQuotaExceeded(error)) return false;
  }
  try {
    storage.removeItem(key);
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
