import { useCallback, useSyncExternalStore } from 'react';

/** Whether the member chose to hide balances (spec 1 §2 eye toggle); kept in local storage across reloads. */
const KEY = 'hideBalances';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same member toggling it.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** [hidden, setHidden]: every screen that shows balances reads the same choice. */
export function useHiddenBalances(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(subscribe, read, () => false);
  const setHidden = useCallback((next: boolean) => {
    try {
      if (next) localStorage.setItem(KEY, 'true');
      else localStorage.removeItem(KEY);
    } catch {
      // Storage blocked: the choice lasts as long as the page does not.
    }
    for (const listener of listeners) listener();
  }, []);
  return [hidden, setHidden];
}
