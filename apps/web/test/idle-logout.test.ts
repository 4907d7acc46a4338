import { LIMITS } from '@vault/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, LAST_ACTIVITY_KEY, watchIdle } from '../src/lib/idle-logout.ts';

/** A Storage over a Map: the local storage tabs of one browser share. */
class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, String(value));
  removeItem = (key: string) => void this.#items.delete(key);
}

const IDLE_MS = LIMITS.sessionIdleMinutes * 60_000;
const MINUTE = 60_000;

const original = { localStorage: globalThis.localStorage };
let page: EventTarget;
let onIdle: ReturnType<typeof vi.fn<() => void>>;
let stop: () => void;

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
  page = new EventTarget();
  onIdle = vi.fn<() => void>();
  stop = watchIdle({ timeoutMs: IDLE_MS, onIdle, target: page });
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  Object.assign(globalThis, original);
});

const act = (type: string = 'pointermove') => page.dispatchEvent(new Event(type));

describe('idle logout timer', () => {
  it(`logs out after ${LIMITS.sessionIdleMinutes} minutes without activity, not before, and once`, () => {
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    act();
    vi.advanceTimersByTime(3 * IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('"%s" counts as activity and pushes the logout back', (type) => {
    vi.advanceTimersByTime(20 * MINUTE);
    act(type);
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('keeps a tab alive while the member works in another tab of the same browser', () => {
    // Another tab writes its last activity to the shared storage every now and then.
    for (let minute = 5; minute <= 90; minute += 5) {
      vi.advanceTimersByTime(5 * MINUTE);
      localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    }
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('shares its own activity with the other tabs', () => {
    vi.advanceTimersByTime(12 * MINUTE);
    act('keydown');
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(Date.now());
  });

  it('does not let activity after the timeout revive the session (a laptop waking before the late timer)', () => {
    // The clock jumps while timers do not run, as in a suspended laptop or a throttled background tab.
    vi.setSystemTime(Date.now() + IDLE_MS + 5 * MINUTE);
    act('pointerdown');
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops watching when the member logs out by other means', () => {
    stop();
    vi.advanceTimersByTime(2 * IDLE_MS);
    act();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
