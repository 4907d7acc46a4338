import type { Db } from '../db/client.ts';
import { accountDirectory, balancesOf, type Party, treasury } from './accounts.ts';
import { LedgerError } from './errors.ts';
import type { PlaceHold } from './holds.ts';
import { type IdempotencyKey, idempotency } from './idempotency.ts';
import { type LotRule, lotsOf, registeredLotRule } from './lots.ts';
import { type EntryInput, move, positiveUnits, postUnits, type Scope } from './posting.ts';
import { type LedgerTx, ledgerTx, retrying } from './transact.ts';

export {
  balanceAtLeast,
  clearing,
  escrow,
  fees,
  type Party,
  revenue,
  type SystemKind,
  systemBalances,
  treasury,
} from './accounts.ts';
export { acquiredAtLeast, acquiredBalance } from './acquired.ts';
export {
  type EntryFilter,
  type EntryPosting,
  entryById,
  entryCount,
  entryPage,
  type JournalEntryRow,
} from './entries.ts';
export type { EntryKind, HistoryRule, Perspective, Reading } from './entry-kinds.ts';
export { isLedgerError, LedgerError, type LedgerErrorCode } from './errors.ts';
export { type HistoryFilter, type HistoryRow, type MemberHistory, memberHistory } from './history.ts';
export { holderCounts } from './holders.ts';
export { type Holdings, type HoldingsValue, holdingsOf, readHoldings } from './holdings.ts';
export { type AlsoLegs, type HoldResolution, type PlaceHold, placedByAsset, placedHolds } from './holds.ts';
export type { IdempotencyKey, MemberKey, SystemKey } from './idempotency.ts';
export { entryKinds } from './kinds.ts';
export { type LotRule, registerLotRule } from './lots.ts';
export { type EntryInput, fee, type Leg, move } from './posting.ts';
export { type AssetTotals, assetTotals, assetTotalsSql } from './totals.ts';
export type { LedgerTx } from './transact.ts';

/** A member's Idempotency-Key as the single-operation methods take it (the member is implied). */
type Keyed = { key: string; requestHash: string };

/**
 * The money core: the only code that changes balances. Every movement is a journal entry whose
 * postings sum to zero per asset; member balances never go below zero (a CHECK, accounts locked in id
 * order); holds resolve exactly once; asset tokens are tracked in lots, disposed of oldest first.
 *
 * `transact` is the general form: several movements and the caller's own rows in one transaction,
 * optionally once per idempotency key (a member's, or a system key such as a provider's event id).
 * The other methods are one movement each, for the callers that need no more.
 *
 * `tracksLots`: which assets have acquisition lots (the catalogue's rule); by default the rule
 * registered with registerLotRule.
 */
export function createLedger(db: Db, options: { tracksLots?: LotRule } = {}) {
  const accountId = accountDirectory(db);
  const keys = idempotency(db);
  const tracksLots = options.tracksLots ?? registeredLotRule;
  const onPool: Scope = { q: db, db, accountId, tracksLots };

  /**
   * Runs `work` in one transaction: everything it posts and writes commits together or not at all. With
   * `key`, at most once per key: a repeat (also a concurrent one, which waits) gets the first result,
   * stored as JSON; the same key with another requestHash is IDEMPOTENCY_KEY_REUSED. Serialization
   * failures and deadlocks run `work` again (up to 5 times), so it must do nothing outside `tx`.
   */
  function transact<T>(work: (tx: LedgerTx) => Promise<T>, opts: { key?: IdempotencyKey } = {}): Promise<T> {
    return retrying(() =>
      db.transaction(async (q) => {
        const tx = ledgerTx({ q, db, accountId, tracksLots, created: new Set() });
        return opts.key ? keys.once(q, opts.key, () => work(tx)) : work(tx);
      }),
    );
  }

  const memberKey = (userId: string, keyed?: Keyed) => keyed && { userId, ...keyed };

  return {
    transact,

    /** Issues tokens from the treasury to a member (admin credit, seed, later: settled funding). */
    async credit(
      input: { userId: string; asset: string; amount: string; by: string | null; memo?: string } & Pick<
        EntryInput,
        'metadata' | 'events'
      >,
      keyed?: Keyed,
    ) {
      const legs = move(treasury, { userId: input.userId }, input.asset, input.amount);
      const entry = {
        kind: 'credit',
        legs,
        createdBy: input.by,
        memo: input.memo,
        metadata: input.metadata,
        events: input.events,
      };
      return transact((tx) => tx.post(entry), { key: memberKey(input.userId, keyed) });
    },

    /**
     * Member to member. Without lots to move, the whole send — key claim, recipient's standing
     * (`onlyIf`), entry, balances, postings — is ONE statement on the pool, without BEGIN/COMMIT (the
     * hottest path: see ARCHITECTURE "Benchmarks"); a key already taken answers the first result.
     */
    async send(
      input: { from: string; to: string; asset: string; amount: string; memo?: string } & Pick<
        EntryInput,
        'onlyIf' | 'events' | 'writes' | 'id'
      >,
      keyed?: Keyed,
    ): Promise<{ entryId: string }> {
      const units = positiveUnits(input.amount);
      if (input.from === input.to) throw new LedgerError('SEND_TO_SELF', 'a send to oneself');
      const entry = {
        kind: 'send',
        createdBy: input.from,
        memo: input.memo,
        metadata: { from: input.from, to: input.to },
        onlyIf: input.onlyIf,
        events: input.events,
        writes: input.writes,
        id: input.id,
      };
      const key = memberKey(input.from, keyed);
      if (await tracksLots(db, input.asset)) {
        const legs = move({ userId: input.from }, { userId: input.to }, input.asset, input.amount);
        return transact((tx) => tx.post({ ...entry, legs }), { key });
      }
      // The hottest path: legs in units, no lots to move (the asset has none), no transaction.
      const legs = [
        { party: { userId: input.from }, asset: input.asset, units: -units },
        { party: { userId: input.to }, asset: input.asset, units },
      ];
      return retrying(async () => {
        const entryId = await postUnits(onPool, entry, legs, { claim: key, lots: false });
        if (entryId) return { entryId };
        const first = key && (await keys.stored<{ entryId: string }>(db, key));
        if (first) return first;
        throw new LedgerError('CONDITION_FAILED', 'the condition of the entry did not hold');
      });
    },

    /** The first answer to a key, when it was used before (a repeat is answered before anything else). */
    replay: <T>(key: IdempotencyKey) => keys.stored<T>(db, key),

    placeHold: (input: PlaceHold, keyed?: Keyed) =>
      transact((tx) => tx.placeHold(input), { key: memberKey(input.userId, keyed) }),
    commitHold: (holdId: string, to?: Party, by: string | null = null, opts?: { metadata?: Record<string, unknown> }) =>
      transact((tx) => tx.commitHold(holdId, to, by, opts)),
    releaseHold: (holdId: string, by: string | null = null, opts?: { metadata?: Record<string, unknown> }) =>
      transact((tx) => tx.releaseHold(holdId, by, opts)),
    reverse: (entryId: string, by: string | null, memo: string) => transact((tx) => tx.reverse(entryId, by, memo)),

    /** A member's unconsumed asset-token lots, oldest first (for the holding period before redemption). */
    lots: (userId: string) => lotsOf(db, userId),
    /** Balances of a member's accounts, as decimal strings. */
    balances: (userId: string, assets?: string[]) => balancesOf(db, userId, assets),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
