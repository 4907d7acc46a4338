import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys, systemIdempotencyKeys } from '../db/schema.ts';
import type { Executor } from './accounts.ts';
import { LedgerError } from './errors.ts';

/** A member's Idempotency-Key and a hash of the request it came with. */
export type MemberKey = { userId: string; key: string; requestHash: string };
/**
 * A key of the platform's own: `source` says who issued it (a provider's name for its event ids, a
 * job's name for its periods), `key` is unique within the source. `requestHash` (optional) tells a
 * replay of the same event from a different one wearing its id.
 */
export type SystemKey = { source: string; key: string; requestHash?: string };
export type IdempotencyKey = MemberKey | SystemKey;

const isMemberKey = (key: IdempotencyKey): key is MemberKey => 'userId' in key;
const hashOf = (key: IdempotencyKey) => key.requestHash ?? '';

/** Members' keys and the platform's live in two tables: a send's key claim pays nothing for the second. */
const tableOf = (key: IdempotencyKey) => (isMemberKey(key) ? idempotencyKeys : systemIdempotencyKeys);
const owner = (key: IdempotencyKey) =>
  isMemberKey(key)
    ? and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.key, key.key))
    : and(eq(systemIdempotencyKeys.source, key.source), eq(systemIdempotencyKeys.key, key.key));

const reused = () => new LedgerError('IDEMPOTENCY_KEY_REUSED', 'the key was used for another request');

/**
 * The key claimed inside a bigger statement (ledger/posting.ts): `insert … on conflict do nothing`,
 * storing `response` as the answer; `from` names the CTE a condition comes from. A concurrent statement
 * with the same key waits on the key's row and then claims nothing.
 */
export function claimInStatement(key: IdempotencyKey, response: unknown, from?: SQL): SQL {
  const values = sql`${key.key}, ${hashOf(key)}, ${JSON.stringify(response)}::jsonb ${from ?? sql``}`;
  return isMemberKey(key)
    ? sql`insert into idempotency_keys (user_id, key, request_hash, response)
        select ${key.userId}::uuid, ${values} on conflict do nothing returning 1`
    : sql`insert into system_idempotency_keys (source, key, request_hash, response)
        select ${key.source}, ${values} on conflict do nothing returning 1`;
}

export function idempotency(db: Db) {
  // Every keyed send asks it first (a repeat is answered before anything else): prepared, planned once.
  const memberAnswer = db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare('idempotency_answer');

  /**
   * The answer stored for a key, if it was used (and committed) before; the same key with another
   * request is refused.
   */
  async function stored<T>(q: Executor, key: IdempotencyKey): Promise<T | undefined> {
    const [first] =
      q === db && isMemberKey(key)
        ? await memberAnswer.execute({ userId: key.userId, key: key.key })
        : await q
            .select({ requestHash: tableOf(key).requestHash, response: tableOf(key).response })
            .from(tableOf(key))
            .where(owner(key));
    if (!first) return undefined;
    if (first.requestHash !== hashOf(key)) throw reused();
    return first.response as T;
  }

  return {
    stored,

    /**
     * Runs `run` once per key inside the caller's transaction `q`: the key's row is claimed first, so a
     * concurrent repeat waits on it, then finds the stored answer and runs nothing.
     */
    async once<T>(q: Executor, key: IdempotencyKey, run: () => Promise<T>): Promise<T> {
      const [claimed] = isMemberKey(key)
        ? await q
            .insert(idempotencyKeys)
            .values({ userId: key.userId, key: key.key, requestHash: key.requestHash, response: {} })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key })
        : await q
            .insert(systemIdempotencyKeys)
            .values({ source: key.source, key: key.key, requestHash: hashOf(key), response: {} })
            .onConflictDoNothing()
            .returning({ key: systemIdempotencyKeys.key });
      if (!claimed) {
        const first = await stored<T>(q, key);
        if (first === undefined) throw reused();
        return first;
      }
      const result = await run();
      await q
        .update(tableOf(key))
        // The answer is stored as JSON: a result without one (void) is stored as {}.
        .set({ response: result === undefined ? {} : result })
        .where(owner(key));
      return result;
    },
  };
}

export type Idempotency = ReturnType<typeof idempotency>;
