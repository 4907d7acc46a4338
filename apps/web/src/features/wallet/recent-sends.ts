import { useCallback, useSyncExternalStore } from 'react';
import { z } from 'zod';

/**
 * The Recent Transaction History panel of the send screen (spec 2 §2, §3 "Local history entry"): the
 * member's own last sends, kept only in this browser's local storage, per member e-mail, newest first.
 * It is a convenience for refilling the form, not a record: the ledger's logs are the record.
 */
export const RECENT_SENDS_MAX = 10;

const recentSend = z.object({
  to: z.string(),
  amount: z.string(),
  coin: z.string(),
  memo: z.string(),
  tokenName: z.string(),
  tokenImage: z.string(),
  /** ISO 8601 time of the send. */
  date: z.string(),
});
export type RecentSend = z.infer<typeof recentSend>;

const storageKey = (email: string) => `recentSends:${email.toLowerCase()}`;

/** Entries as stored; anything unreadable (another version, edited by hand) reads as none. */
export function readRecentSends(email: string): RecentSend[] {
  try {
    const raw = localStorage.getItem(storageKey(email));
    if (!raw) return [];
    const parsed = z.array(recentSend).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, RECENT_SENDS_MAX) : [];
  } catch {
    return [];
  }
}

// useSyncExternalStore needs the same array for the same stored text; cache the last read per key.
const cache = new Map<string, { raw: string | null; entries: RecentSend[] }>();
function snapshot(email: string): RecentSend[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey(email));
  } catch {
    // Storage blocked: no history.
  }
  const hit = cache.get(email);
  if (hit && hit.raw === raw) return hit.entries;
  const entries = readRecentSends(email);
  cache.set(email, { raw, entries });
  return entries;
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same member sending also refreshes this one.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Puts a send first, dropping the oldest beyond the maximum. */
export function addRecentSend(email: string, entry: RecentSend) {
  const entries = [entry, ...readRecentSends(email)].slice(0, RECENT_SENDS_MAX);
  try {
    localStorage.setItem(storageKey(email), JSON.stringify(entries));
  } catch {
    // Storage full or blocked: the send happened; only the convenience list is missing.
  }
  notify();
}

const EMPTY: RecentSend[] = [];

/** The member's recent sends, newest first, updating when one is added (here or in another tab). */
export function useRecentSends(email: string | undefined): RecentSend[] {
  const get = useCallback(() => (email ? snapshot(email) : EMPTY), [email]);
  return useSyncExternalStore(subscribe, get, () => EMPTY);
}
