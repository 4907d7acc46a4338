import { z } from '@vault/contract/zod';
import { useCallback, useSyncExternalStore } from 'react';
import { localStoreSignal, readLocal, writeLocal } from '../../lib/local-store';

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
  /** How many decimals the token's amounts show (absent in entries stored before it was kept). */
  decimals: z.number().int().min(0).max(8).optional(),
  /** ISO 8601 time of the send. */
  date: z.string(),
});
export type RecentSend = z.infer<typeof recentSend>;

const storageKey = (email: string) => `recentSends:${email.toLowerCase()}`;

/** Entries as stored; anything unreadable (another version, edited by hand) reads as none. */
export const readRecentSends = (email: string): RecentSend[] => parse(readLocal(storageKey(email)));

function parse(raw: string | null): RecentSend[] {
  if (!raw) return [];
  try {
    const parsed = z.array(recentSend).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.slice(0, RECENT_SENDS_MAX) : [];
  } catch {
    return [];
  }
}

// useSyncExternalStore needs the same array for the same stored text; cache the last read per key.
const cache = new Map<string, { raw: string | null; entries: RecentSend[] }>();
function snapshot(email: string): RecentSend[] {
  const raw = readLocal(storageKey(email));
  const hit = cache.get(email);
  if (hit && hit.raw === raw) return hit.entries;
  const entries = parse(raw);
  cache.set(email, { raw, entries });
  return entries;
}

// Another tab of the same member sending also refreshes this one.
const signal = localStoreSignal();

/** Puts a send first, dropping the oldest beyond the maximum. */
export function addRecentSend(email: string, entry: RecentSend) {
  const entries = [entry, ...readRecentSends(email)].slice(0, RECENT_SENDS_MAX);
  // Storage full or blocked: the send happened; only the convenience list is missing.
  writeLocal(storageKey(email), JSON.stringify(entries));
  signal.notify();
}

const EMPTY: RecentSend[] = [];

/** The member's recent sends, newest first, updating when one is added (here or in another tab). */
export function useRecentSends(email: string | undefined): RecentSend[] {
  const get = useCallback(() => (email ? snapshot(email) : EMPTY), [email]);
  return useSyncExternalStore(signal.subscribe, get, () => EMPTY);
}
