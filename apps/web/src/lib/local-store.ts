/**
 * Small values kept in this browser's local storage and read through React's useSyncExternalStore.
 * Storage can be blocked or full (private modes, policies): a write it refuses is kept in this page's
 * memory instead, so the choice still holds until the page is closed or reloaded; never an exception,
 * because these values are conveniences, not records.
 */

/** Writes storage refused, by key (null: removed), read before storage so this page sees its own choice. */
const refused = new Map<string, string | null>();

/** The stored text, or null when there is none. */
export function readLocal(key: string): string | null {
  if (refused.has(key)) return refused.get(key) ?? null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the text (null removes it); false when storage refused and only this page keeps it. */
export function writeLocal(key: string, value: string | null): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    refused.delete(key);
    return true;
  } catch {
    refused.set(key, value);
    return false;
  }
}

/**
 * Change notifications of one store for useSyncExternalStore: `notify` after this tab writes, and the
 * browser's storage event when another tab of the same member writes.
 */
export function localStoreSignal() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    notify() {
      for (const listener of listeners) listener();
    },
  };
}
