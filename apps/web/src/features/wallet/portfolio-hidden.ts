import { useCallback, useSyncExternalStore } from 'react';
import { localStoreSignal, readLocal, writeLocal } from '../../lib/local-store';

/** Whether the member chose to hide balances (spec 1 §2 eye toggle); kept in local storage across reloads. */
const KEY = 'hideBalances';
const signal = localStoreSignal();

const read = () => readLocal(KEY) === 'true';

/** [hidden, setHidden]: every screen that shows balances reads the same choice (in every open tab). */
export function useHiddenBalances(): [boolean, (hidden: boolean) => void] {
  const hidden = useSyncExternalStore(signal.subscribe, read, () => false);
  const setHidden = useCallback((next: boolean) => {
    // Storage blocked: the choice holds for this page (local-store keeps it in memory) until a reload.
    writeLocal(KEY, next ? 'true' : null);
    signal.notify();
  }, []);
  return [hidden, setHidden];
}
