import type { Tx } from '../db/client.ts';
import { balancesOf, type Party, type SystemKind, systemBalance } from './accounts.ts';
import { isRetryable, translated } from './errors.ts';
import { type AlsoLegs, type HoldFee, type HoldResolution, type PlaceHold, placeHold, resolveHold } from './holds.ts';
import { type EntryInput, post, type Scope } from './posting.ts';
import { reverse } from './reversal.ts';

/**
 * What a caller can do inside `ledger.transact`: movements, and its own rows through `db`. Everything
 * commits together or not at all.
 */
export interface LedgerTx {
  /** The Drizzle transaction: the caller's own rows (a request, an order, an audit row) go here. */
  readonly db: Tx;
  /** One entry: legs in one asset or several (each summing to zero), fee legs included. */
  post(entry: EntryInput): Promise<{ entryId: string }>;
  /** Moves a member's funds to the holds account until commitHold or releaseHold. */
  placeHold(input: PlaceHold): Promise<{ holdId: string; entryId: string }>;
  /**
   * Pays a placed hold to `to` (a member, or the treasury by default when tokens leave the platform), less
   * `options.fee`, which goes to its own account in the same entry.
   */
  commitHold(
    holdId: string,
    to?: Party,
    by?: string | null,
    options?: { metadata?: Record<string, unknown>; fee?: HoldFee; also?: AlsoLegs },
  ): Promise<HoldResolution>;
  /** Gives a placed hold back to its member. */
  releaseHold(
    holdId: string,
    by?: string | null,
    options?: { metadata?: Record<string, unknown>; also?: AlsoLegs },
  ): Promise<HoldResolution>;
  /** A correcting entry with every posting of `entryId` negated; an entry is reversed at most once. */
  reverse(entryId: string, by: string | null, memo: string): Promise<{ entryId: string }>;
  /** A member's balances as this transaction sees them. */
  balances(userId: string, assets?: string[]): Promise<Record<string, string>>;
  /**
   * A system account's balance as this transaction sees it ('0' when it has none). Read after this
   * transaction's own entry on that account, it is exact: the entry's statement locked the row until commit.
   */
  systemBalance(kind: SystemKind, asset: string): Promise<string>;
}

/** The movements bound to one transaction's scope. */
export function ledgerTx(scope: Scope & { q: Tx }): LedgerTx {
  return {
    db: scope.q,
    post: async (entry) => ({ entryId: (await post(scope, entry)) as string }),
    placeHold: (input) => placeHold(scope, input),
    commitHold: (holdId, to, by = null, options = {}) =>
      resolveHold(scope, holdId, 'committed', to, by, options.metadata, options.fee, options.also),
    releaseHold: (holdId, by = null, options = {}) =>
      resolveHold(scope, holdId, 'released', undefined, by, options.metadata, undefined, options.also),
    reverse: (entryId, by, memo) => reverse(scope, entryId, by, memo),
    balances: (userId, assets) => balancesOf(scope.q, userId, assets),
    systemBalance: (kind, asset) => systemBalance(scope.q, kind, asset),
  };
}

/**
 * Runs `run` again on serialization failures and deadlocks (5 attempts: `run` must be safe to repeat,
 * which a transaction that rolled back is), and names PostgreSQL's refusals that are ledger rules
 * (an overdraft: INSUFFICIENT_BALANCE).
 */
export async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (isRetryable(error) && attempt < 5) continue;
      throw translated(error);
    }
  }
}
