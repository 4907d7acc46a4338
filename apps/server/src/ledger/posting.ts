import { createHash } from 'node:crypto';
import { fromUnits, isAmount, toUnits } from '@vault/contract/money';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { eventsInsert } from '../events/outbox.ts';
import type { EventRow } from '../events/types.ts';
import { newId } from '../lib/ids.ts';
import { type AccountId, type Executor, fees, isMember, type Party } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { claimInStatement, type IdempotencyKey } from './idempotency.ts';
import { entryKinds } from './kinds.ts';
import { type LotRule, moveLots } from './lots.ts';

/** One line of an entry: `amount` (a decimal string) credits the party when positive, debits it when negative. */
export type Leg = { party: Party; asset: string; amount: string };

/** `amount` of `asset` from one party to another: two legs that balance. */
export function move(from: Party, to: Party, asset: string, amount: string): Leg[] {
  const units = positiveUnits(amount);
  return [
    { party: from, asset, amount: fromUnits(-units) },
    { party: to, asset, amount: fromUnits(units) },
  ];
}

/** A fee leg pair: `payer` pays `amount` to the fees account (or `to`: revenue, for a spread). */
export const fee = (payer: Party, asset: string, amount: string, to: Party = fees): Leg[] =>
  move(payer, to, asset, amount);

export type EntryInput = {
  /** A kind of the registry (ledger/kinds.ts); its schema checks `metadata`. */
  kind: string;
  legs: Leg[];
  memo?: string | null;
  createdBy?: string | null;
  metadata?: Record<string, unknown>;
  /**
   * A condition PostgreSQL checks in the statement that writes (e.g. that a recipient may still
   * receive): when it fails nothing is written and CONDITION_FAILED is thrown.
   */
  onlyIf?: SQL;
  /**
   * Events that tell of this movement (events/): written in the entry's own statement, so they exist if
   * and only if the entry does, and are delivered once it commits.
   */
  events?: EventRow[];
  /**
   * Rows of the caller's own tables written by the same statement, only when it writes the entry: each a
   * function of the statement's guard (a WHERE clause) returning an INSERT … SELECT … guard (e.g. the
   * recipient's notification of a send). For the one-statement send, which has no transaction around it.
   */
  writes?: ((guard: SQL) => SQL)[];
  /** The entry's id, when the caller must know it before (to key its own rows by it); else a new one. */
  id?: string;
  /**
   * An earlier entry whose lot takes a member receiving in this one gets back, most recently acquired first,
   * with their dates (units offered in escrow and returned unsold); what exceeds them is a new lot dated now.
   */
  lotsBackFrom?: string;
};

/** What a movement needs: where it runs, the account directory, the lot rule. */
export type Scope = {
  q: Executor;
  db: Db;
  accountId: AccountId;
  tracksLots: LotRule;
  /** Accounts created by this transaction (not cached until it commits). */
  created?: Set<string>;
};

type Row = {
  id?: string;
  kind: string;
  memo?: string | null;
  createdBy?: string | null;
  reverses?: string;
  metadata: object;
};
export type Line = { party: Party; asset: string; units: bigint; account: string };

/** Units of a positive decimal amount; anything else is INVALID_AMOUNT (a rejected promise in callers). */
export function positiveUnits(amount: string): bigint {
  const units = isAmount(amount) ? toUnits(amount) : 0n;
  if (units <= 0n) throw new LedgerError('INVALID_AMOUNT', `not a positive amount: ${amount}`);
  return units;
}

/** The legs with their accounts, checked: no zero line, and every asset sums to zero. */
export async function lines(scope: Scope, legs: { party: Party; asset: string; units: bigint }[]): Promise<Line[]> {
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.units === 0n) throw new LedgerError('INVALID_AMOUNT', 'a leg of zero');
    sums.set(leg.asset, (sums.get(leg.asset) ?? 0n) + leg.units);
  }
  for (const [asset, sum] of sums) {
    if (sum !== 0n) throw new LedgerError('UNBALANCED', `the legs in ${asset} sum to ${fromUnits(sum)}`);
  }
  // Each account once, even when several legs touch it (a fee paid from the same account).
  const ids = new Map<string, Promise<string>>();
  const idOf = (leg: { party: Party; asset: string }) => {
    const key = `${leg.asset}|${isMember(leg.party) ? `u:${leg.party.userId}` : `s:${leg.party.system}`}`;
    if (!ids.has(key)) ids.set(key, scope.accountId(scope.q, leg.asset, leg.party, scope.created));
    return ids.get(key)!;
  };
  // On the pool the lookups run side by side; a transaction's connection takes one query at a time.
  if (scope.q === scope.db) return Promise.all(legs.map(async (leg) => ({ ...leg, account: await idOf(leg) })));
  const resolved: Line[] = [];
  for (const leg of legs) resolved.push({ ...leg, account: await idOf(leg) });
  return resolved;
}

const dialect = new PgDialect();

/**
 * Writes one balanced entry — in one asset or several — in ONE statement (one round trip): the key's
 * claim, the entry, the balances and the postings. The accounts are locked in id order first, so
 * concurrent entries cannot deadlock; the CHECK on member balances fails the whole statement (the
 * key's claim with it) on an overdraft. `alsoLock`: accounts without a posting whose lots the caller
 * changes next (the holder of a committed hold). `claim`: a key claimed by this very statement, with
 * `{ entryId }` as its answer; when it is already taken nothing is written and the result is null.
 * `onlyIf`: nothing is written unless it holds (null with a claim, else CONDITION_FAILED).
 */
export async function write(
  scope: Scope,
  row: Row,
  written: Line[],
  opts: {
    alsoLock?: string[];
    claim?: IdempotencyKey;
    onlyIf?: SQL;
    events?: EventRow[];
    writes?: EntryInput['writes'];
  } = {},
): Promise<string | null> {
  const { q, db } = scope;
  const { claim, onlyIf } = opts;
  const entryId = row.id ?? newId();
  const deltas = new Map<string, bigint>();
  for (const line of written) deltas.set(line.account, (deltas.get(line.account) ?? 0n) + line.units);
  for (const account of opts.alsoLock ?? []) deltas.set(account, deltas.get(account) ?? 0n);
  const deltaRows = [...deltas].map(([account, delta]) => sql`(${account}::uuid, ${fromUnits(delta)}::numeric)`);
  const postingRows = written.map(
    (line) => sql`(${entryId}::uuid, ${line.account}::uuid, ${line.asset}, ${fromUnits(line.units)}::numeric)`,
  );
  // Every part below runs only when the condition holds and the key was claimed by this very statement.
  const claimed = claim
    ? sql`where exists (select 1 from claim)`
    : onlyIf
      ? sql`where exists (select 1 from ok)`
      : sql``;
  const statement = sql`
    with ${onlyIf ? sql`ok as (select 1 where ${onlyIf}),` : sql``}
    ${claim ? sql`claim as (${claimInStatement(claim, { entryId }, onlyIf && sql`from ok`)}),` : sql``}
    ${opts.events?.length ? sql`told as (${eventsInsert(opts.events, claimed)}),` : sql``}
    ${sql.join(
      (opts.writes ?? []).map((insert, i) => sql`${sql.raw(`also_${i}`)} as (${insert(claimed)}),`),
      sql` `,
    )}
    entry as (
      insert into journal_entries (id, kind, memo, created_by, reverses, metadata)
      select ${entryId}::uuid, ${row.kind}, ${row.memo ?? null}, ${row.createdBy ?? null}::uuid,
             ${row.reverses ?? null}::uuid, ${JSON.stringify(row.metadata)}::jsonb ${claimed}
    ),
    deltas (account_id, delta) as (values ${sql.join(deltaRows, sql`, `)}),
    locked as (
      select a.id from ledger_accounts a join deltas d on d.account_id = a.id ${claimed} order by a.id for update of a
    ),
    moved as (
      update ledger_accounts a set balance = a.balance + d.delta
      from deltas d where a.id = d.account_id and d.delta <> 0 and a.id in (select id from locked)
    )
    insert into postings (entry_id, account_id, asset, amount)
    select * from (values ${sql.join(postingRows, sql`, `)}) p ${claimed}
    returning 1`;
  let count: number | null;
  if (q === db) {
    // Outside a transaction, as a named prepared statement: PostgreSQL plans it once per connection
    // instead of on every send (planning cost as much as running it). Every value is a parameter, so
    // the text only depends on the statement's shape; the name is a digest of the text.
    const { sql: text, params } = dialect.sqlToQuery(statement);
    const name = `ledger_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    count = (await db.$client.query({ name, text, values: params })).rowCount;
  } else {
    count = (await q.execute(statement)).rowCount;
  }
  if (!count) {
    if (claim) return null; // the key was taken (a repeat), or the condition failed: the caller asks which
    if (onlyIf) throw new LedgerError('CONDITION_FAILED', 'the condition of the entry did not hold');
  }
  return entryId;
}

/** Whether a line moves a member's funds (lots follow those). */
export const memberLines = (written: Line[]) => written.map((line) => ({ ...line, member: isMember(line.party) }));

export type UnitLeg = { party: Party; asset: string; units: bigint };

/**
 * An entry as callers post it: its kind and metadata checked against the registry, its legs parsed and
 * balanced per asset, written, and lots moved (what a member receives is a new lot dated now, what
 * they give leaves their oldest lots first). The holds account moves only through holds.ts.
 */
export async function post(scope: Scope, input: EntryInput, claim?: IdempotencyKey): Promise<string | null> {
  const legs = input.legs.map((leg) => {
    if (!isMember(leg.party) && leg.party.system === 'holds') {
      throw new LedgerError(
        'INVALID_ACCOUNT',
        'the holds account moves only through placeHold, commitHold, releaseHold',
      );
    }
    if (!isAmount(leg.amount)) throw new LedgerError('INVALID_AMOUNT', `not an amount: ${leg.amount}`);
    return { party: leg.party, asset: leg.asset, units: toUnits(leg.amount) };
  });
  return postUnits(scope, input, legs, { claim, lots: true });
}

/**
 * `post` with legs already in units (the one-movement methods build them so). `lots: false` only when
 * the caller knows no asset of the entry has lots: the plain send's single statement on the pool has no
 * transaction to move lots in.
 */
export async function postUnits(
  scope: Scope,
  input: Omit<EntryInput, 'legs'>,
  legs: UnitLeg[],
  opts: { claim?: IdempotencyKey; lots: boolean },
): Promise<string | null> {
  const metadata = entryKinds.metadata(input.kind, input.metadata);
  if (legs.length === 0) throw new LedgerError('UNBALANCED', 'an entry without legs');
  const written = await lines(scope, legs);
  const row = { id: input.id, kind: input.kind, memo: input.memo, createdBy: input.createdBy, metadata };
  const { onlyIf, events, writes } = input;
  const entryId = await write(scope, row, written, { claim: opts.claim, onlyIf, events, writes });
  if (entryId && opts.lots)
    await moveLots(scope.q, entryId, memberLines(written), scope.tracksLots, input.lotsBackFrom);
  return entryId;
}
