import { fromUnits, toUnits } from '@vault/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { LedgerError } from './errors.ts';

/** Where statements run: a transaction, or the pool itself when one statement does the whole job. */
export type Executor = Tx | Db;

/**
 * The platform's own accounts, one per asset and kind. Kinds are open: a later issue adds one by
 * using it (accounts are created on first use), never by editing this file. Those in use:
 * - treasury: issues tokens (goes negative by what is in circulation) and is the counterparty of swaps;
 * - holds: funds waiting on someone else's decision (only through placeHold / commitHold / releaseHold);
 * - fees, revenue: what the platform earns (fee legs, spreads);
 * - escrow: units a member offers until someone takes them (marketplace);
 * - clearing:<provider>: what an outside provider owes or is owed (a card or wire purchase is credited
 *   from it, so it goes negative until the provider settles), see `clearing()`.
 */
export type SystemKind =
  | 'treasury'
  | 'holds'
  | 'fees'
  | 'revenue'
  | 'escrow'
  | `clearing:${string}`
  | (string & Record<never, never>);

/** Whose account: a member's, or one of the platform's. */
export type Party = { userId: string } | { system: SystemKind };

/**
 * The naming rule of system kinds (also a trigger in the database, when an account is created): a
 * lower-camel word, optionally `:qualifier` (a provider, a product). 'member' is not one: member
 * accounts have an owner.
 */
const SYSTEM_KIND = /^[a-z][a-zA-Z0-9]*(?::[a-z0-9][a-z0-9._-]*)?$/;

export const treasury: Party = { system: 'treasury' };
export const fees: Party = { system: 'fees' };
export const revenue: Party = { system: 'revenue' };
export const escrow: Party = { system: 'escrow' };
/** The clearing account of an outside provider ('paypal', 'coinqvest', 'gocardless', 'wire'). */
export const clearing = (provider: string): Party => ({ system: `clearing:${provider}` });

export const isMember = (party: Party): party is { userId: string } => 'userId' in party;

export function checkParty(party: Party) {
  if (isMember(party)) return;
  if (party.system === 'member' || !SYSTEM_KIND.test(party.system)) {
    throw new LedgerError('INVALID_ACCOUNT', `not a system account kind: ${party.system}`);
  }
}

/** The party an account row belongs to. */
export const partyOf = (row: { kind: string; userId: string | null }): Party =>
  row.userId ? { userId: row.userId } : { system: row.kind };

/**
 * Account ids by (asset, party), created on first use. Ids never change, so they are kept in memory
 * once known to be committed. One created inside a transaction is not cached there (`created` holds it
 * for that transaction): if the transaction rolls back, the row is gone.
 */
export function accountDirectory(db: Db) {
  const cache = new Map<string, string>();

  return async function accountId(q: Executor, asset: string, party: Party, created?: Set<string>) {
    checkParty(party);
    const owner = isMember(party) ? { kind: 'member', userId: party.userId } : { kind: party.system, userId: null };
    const cacheKey = `${asset}|${owner.kind}|${owner.userId ?? ''}`;
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    const where = and(
      eq(ledgerAccounts.asset, asset),
      eq(ledgerAccounts.kind, owner.kind),
      owner.userId ? eq(ledgerAccounts.userId, owner.userId) : sql`${ledgerAccounts.userId} is null`,
    );
    const [found] = await q.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (found) {
      if (!created?.has(found.id)) cache.set(cacheKey, found.id);
      return found.id;
    }
    const [inserted] = await q
      .insert(ledgerAccounts)
      .values({ id: newId(), asset, kind: owner.kind, userId: owner.userId })
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id });
    if (inserted) {
      // Outside a transaction the insert is already committed.
      if (q === db) cache.set(cacheKey, inserted.id);
      else created?.add(inserted.id);
      return inserted.id;
    }
    // Another transaction created it meanwhile and has committed, or this one did a moment ago.
    const [row] = await q.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (!created?.has(row!.id)) cache.set(cacheKey, row!.id);
    return row!.id;
  };
}

export type AccountId = ReturnType<typeof accountDirectory>;

/** Balances of a member's accounts, as decimal strings (all of them, or those of `assets`). */
export async function balancesOf(q: Executor, userId: string, assets?: string[]) {
  const rows = await q
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), assets ? inArray(ledgerAccounts.asset, assets) : undefined));
  return Object.fromEntries(rows.map((r) => [r.asset, fromUnits(toUnits(r.balance))]));
}

/**
 * A condition for another module's statement (vault activation): the member's balance of `asset` is at
 * least `amount`, as that statement reads it. The balance lives here; the caller never names the table.
 */
export const balanceAtLeast = (userId: string, asset: string, amount: string) =>
  sql`exists (
    select 1 from ledger_accounts a
    where a.user_id = ${userId} and a.kind = 'member' and a.asset = ${asset}
      and a.balance >= ${amount}::numeric
  )`;

/** A system account's balance ('0' when the account does not exist yet). */
export async function systemBalance(q: Executor, kind: SystemKind, asset: string): Promise<string> {
  return (await systemBalances(q, kind, [asset]))[asset] ?? '0';
}

/**
 * Balances of one system kind's accounts in `assets`, asset → decimal string (missing: no account yet): what
 * the treasury still holds of opportunity pools, for their list.
 */
export async function systemBalances(q: Executor, kind: SystemKind, assets: string[]) {
  if (assets.length === 0) return {} as Record<string, string>;
  const rows = await q
    .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.kind, kind), sql`${ledgerAccounts.userId} is null`, inArray(ledgerAccounts.asset, assets)),
    );
  return Object.fromEntries(rows.map((r) => [r.asset, fromUnits(toUnits(r.balance))])) as Record<string, string>;
}
