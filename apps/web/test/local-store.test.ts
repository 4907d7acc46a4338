import { afterEach, describe, expect, it } from 'vitest';
import { localStoreSignal, readLocal, writeLocal } from '../src/lib/local-store.ts';

/** A Storage over a Map: what the browser gives the module, without a browser. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, String(value));
  removeItem = (key: string) => void this.#items.delete(key);
}

/** Storage a browser refuses (private mode, policy): every call throws. */
const blocked = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

const original = { localStorage: globalThis.localStorage, window: globalThis.window };
afterEach(() => {
  Object.assign(globalThis, original);
});

describe('local store', () => {
  it('writes, reads and removes text', () => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    expect(readLocal('k')).toBeNull();
    expect(writeLocal('k', 'v')).toBe(true);
    expect(readLocal('k')).toBe('v');
    expect(writeLocal('k', null)).toBe(true);
    expect(readLocal('k')).toBeNull();
  });

  it('reads blocked storage as nothing and keeps a refused write for this page instead of throwing', () => {
    Object.assign(globalThis, { localStorage: blocked });
    expect(readLocal('blocked')).toBeNull();
    expect(writeLocal('blocked', 'v')).toBe(false);
    expect(readLocal('blocked')).toBe('v');
    expect(writeLocal('blocked', null)).toBe(false);
    expect(readLocal('blocked')).toBeNull();
  });

  it('prefers a refused write over what storage still holds, until storage takes a write again', () => {
    const storage = new MemoryStorage();
    Object.assign(globalThis, { localStorage: storage });
    writeLocal('full', 'old');
    // Storage full: reads still work, writes throw.
    Object.assign(globalThis, { localStorage: { ...storage, getItem: storage.getItem, setItem: blocked.setItem } });
    expect(writeLocal('full', 'new')).toBe(false);
    expect(readLocal('full')).toBe('new');
    Object.assign(globalThis, { localStorage: storage });
    expect(writeLocal('full', 'newer')).toBe(true);
    expect(storage.getItem('full')).toBe('newer');
    expect(readLocal('full')).toBe('newer');
  });

  it('tells subscribers about writes here and storage events from other tabs, until they unsubscribe', () => {
    const events = new EventTarget();
    Object.assign(globalThis, { window: events });
    const signal = localStoreSignal();
    let calls = 0;
    const unsubscribe = signal.subscribe(() => calls++);
    signal.notify();
    events.dispatchEvent(new Event('storage'));
    expect(calls).toBe(2);
    unsubscribe();
    signal.notify();
    events.dispatchEvent(new Event('storage'));
    expect(calls).toBe(2);
  });
});
