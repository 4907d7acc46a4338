/**
 * Small values kept in this browser's local storage and read through React's useSyncExternalStore.
 * Storage can be blocked or full (private modes, policies): reads then find nothing and writes are lost,
 * never an exception, because these values are conveniences, not records.
 */

/** The stored text, or null when there is none or storage cannot be read. */
export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the text (null removes it); false when storage refused. */
export function writeLocal(key: string, value: string | null): boolean {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch {
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
