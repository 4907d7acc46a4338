import { createHash } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { fromUnits, toUnits } from '@vault/contract/money';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { assetLots, holds, idempotencyKeys, journalEntries, ledgerAccounts, lotTakes, postings } from '../db/schema.ts';
import { badRequest, conflict, insufficientBalance, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { postgresError } from '../lib/postgres-error.ts';
import { isLotTracked } from '../modules/catalogue/service.ts';

/** Where statements run: a transaction, or the pool itself when one statement does the whole job. */
type Executor = Tx | Db;
type SystemKind = 'treasury' | 'holds' | 'fees' | 'escrow';

/** Whose account: a member's, or one of the platform's per asset. */
export type Party = { userId: string } | { system: SystemKind };
type Leg = { party: Party; units: bigint };
/** A member's Idempotency-Key and a hash of the request it came with. */
type Idempotency = { userId: string; key: string; requestHash: string };
type Entry = {
  kind: string;
  memo?: string | null;
  createdBy?: string | null;
  reverses?: string;
  metadata?: Record<string, unknown>;
};
/**
 * What a caller adds to an entry: metadata (who pays whom, which request) and its own rows (a request, an
 * audit row), written in the ledger's transaction so they cannot exist without the entry or the other way
 * round, and only once for a repeated Idempotency-Key.
 */
type Extra<R> = {
  metadata?: Record<string, unknown>;
  alsoWrite?: (tx: Tx | Db, result: R) => Promise<void>;
};

/** A send's `onlyIf` condition did not hold when PostgreSQL wrote: nothing was written. */
export class ConditionFailed extends Error {}

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const dialect = new PgDialect();

const positive = (amount: string) => {
  const units = toUnits(amount);
  if (units <= 0n) throw badRequest(messages.invalidAmount, 'INVALID_AMOUNT', { amount: messages.invalidAmount });
  return units;
};

/**
 * The money core: the only code that changes balances. Every movement is one journal entry whose
 * postings sum to zero per asset; member balances never go below zero (a CHECK constraint, rows updated
 * in account-id order so concurrent entries cannot deadlock); holds resolve exactly once; asset tokens
 * are tracked in lots consumed first-in first-out.
 */
export function createLedger(db: Db) {
  /**
   * Account ids never change, so they are kept in memory once known to be committed. An account created
   * inside a transaction is not cached there: if that transaction rolls back, the row is gone.
   */
  const accountCache = new Map<string, string>();
  const createdIn = new WeakMap<Executor, Set<string>>();

  async function accountId(tx: Executor, asset: string, party: Party): Promise<string> {
    const owner =
      'userId' in party ? { kind: 'member' as const, userId: party.userId } : { kind: party.system, userId: null };
    const cacheKey = `${asset}|${owner.kind}|${owner.userId ?? ''}`;
    const cached = accountCache.get(cacheKey);
    if (cached) return cached;
    const where = and(
      eq(ledgerAccounts.asset, asset),
      eq(ledgerAccounts.kind, owner.kind),
      owner.userId ? eq(ledgerAccounts.userId, owner.userId) : sql`${ledgerAccounts.userId} is null`,
    );
    const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (found) {
      if (!createdIn.get(tx)?.has(found.id)) accountCache.set(cacheKey, found.id);
      return found.id;
    }
    const [created] = await tx
      .insert(ledgerAccounts)
      .values({ id: newId(), asset, kind: owner.kind, userId: owner.userId })
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id });
    if (created) {
      // Outside a transaction the insert is already committed.
      if (tx === db) accountCache.set(cacheKey, created.id);
      else createdIn.set(tx, (createdIn.get(tx) ?? new Set()).add(created.id));
      return created.id;
    }
    // Another transaction created it meanwhile and has committed.
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    accountCache.set(cacheKey, row!.id);
    return row!.id;
  }

  /** Takes `units` from the account's lots, oldest first. */
  async function consumeLots(tx: Executor, account: string, units: bigint, entryId: string, first?: string) {
    const lots = await tx
      .select({ id: assetLots.id, remaining: assetLots.remaining })
      .from(assetLots)
      .where(and(eq(assetLots.accountId, account), gt(assetLots.remaining, '0')))
      // `first`: the lot an entry being reversed created is taken back before any other.
      .orderBy(
        ...(first ? [sql`${assetLots.entryId} = ${first} desc`] : []),
        asc(assetLots.acquiredAt),
        asc(assetLots.id),
      )
      .for('update');
    let left = units;
    const takes: { entryId: string; lotId: string; amount: string }[] = [];
    for (const lot of lots) {
      if (left === 0n) break;
      const take = toUnits(lot.remaining) < left ? toUnits(lot.remaining) : left;
      await tx
        .update(assetLots)
        .set({ remaining: fromUnits(toUnits(lot.remaining) - take) })
        .where(eq(assetLots.id, lot.id));
      takes.push({ entryId, lotId: lot.id, amount: fromUnits(take) });
      left -= take;
    }
    if (takes.length > 0) await tx.insert(lotTakes).values(takes);
  }

  /** Gives back what an entry took from lots, each to its own lot, so acquisition dates are kept. */
  async function restoreLots(tx: Executor, entryId: string) {
    await tx.execute(sql`
      update asset_lots l set remaining = l.remaining + t.amount
      from (select lot_id, sum(amount) as amount from lot_takes where entry_id = ${entryId} group by lot_id) t
      where l.id = t.lot_id`);
  }

  /**
   * Writes one balanced entry. `lots`: whether member legs acquire (new lot) or dispose (FIFO) of an
   * asset token; moves to and from holds keep the member's lots. `alsoLock`: accounts without a posting
   * whose lots the caller changes next (the holder of a committed hold), locked in the same order.
   * `claim`: an Idempotency-Key claimed by the same statement, with `{ entryId }` as its stored answer;
   * when the key is already taken nothing is written and the result is null. `onlyIf`: a condition
   * PostgreSQL checks in the same statement (e.g. that the recipient may still receive); when it fails
   * nothing is written: null with a claim, else ConditionFailed.
   */
  async function write(
    tx: Executor,
    asset: string,
    entry: Entry,
    legs: Leg[],
    lots: boolean,
    alsoLock: Party[] = [],
    claim?: Idempotency,
    onlyIf?: SQL,
  ): Promise<string | null> {
    if (legs.reduce((sum, leg) => sum + leg.units, 0n) !== 0n) throw new Error('unbalanced entry');
    const entryId = newId();
    const resolved = await Promise.all(
      legs.map(async (leg) => ({ ...leg, account: await accountId(tx, asset, leg.party) })),
    );
    const deltas = new Map<string, bigint>();
    for (const leg of resolved) deltas.set(leg.account, (deltas.get(leg.account) ?? 0n) + leg.units);
    for (const party of alsoLock) {
      const account = await accountId(tx, asset, party);
      deltas.set(account, deltas.get(account) ?? 0n);
    }
    const deltaRows = [...deltas].map(([account, delta]) => sql`(${account}::uuid, ${fromUnits(delta)}::numeric)`);
    const postingRows = resolved.map(
      (leg) => sql`(${entryId}::uuid, ${leg.account}::uuid, ${asset}, ${fromUnits(leg.units)}::numeric)`,
    );
    // Every part below runs only when the condition holds and the key was claimed by this very statement.
    const claimed = claim
      ? sql`where exists (select 1 from claim)`
      : onlyIf
        ? sql`where exists (select 1 from ok)`
        : sql``;
    // One statement, one round trip: the key, the entry, the balances and the postings. The accounts are
    // locked in id order first, so concurrent entries cannot deadlock; the CHECK on member balances fails
    // the whole statement (the key's claim with it) on an overdraft. A concurrent statement with the same
    // key waits on the key's row and then writes nothing.
    const statement = sql`
      with ${onlyIf ? sql`ok as (select 1 where ${onlyIf}),` : sql``}
      ${
        claim
          ? sql`claim as (
        insert into idempotency_keys (user_id, key, request_hash, response)
        select ${claim.userId}::uuid, ${claim.key}, ${claim.requestHash}, ${JSON.stringify({ entryId })}::jsonb
        ${onlyIf ? sql`from ok` : sql``}
        on conflict do nothing returning 1
      ),`
          : sql``
      }
      entry as (
        insert into journal_entries (id, kind, memo, created_by, reverses, metadata)
        select ${entryId}::uuid, ${entry.kind}, ${entry.memo ?? null}, ${entry.createdBy ?? null}::uuid,
               ${entry.reverses ?? null}::uuid, ${JSON.stringify(entry.metadata ?? {})}::jsonb ${claimed}
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
    let written: number | null;
    if (tx === db) {
      // Outside a transaction, as a named prepared statement: PostgreSQL plans it once per connection
      // instead of on every send (planning cost as much as running it). Every value is a parameter, so
      // the text only depends on the statement's shape; the name is a digest of the text.
      const { sql: text, params } = dialect.sqlToQuery(statement);
      const name = `ledger_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      written = (await db.$client.query({ name, text, values: params })).rowCount;
    } else {
      written = (await tx.execute(statement)).rowCount;
    }
    if (!written) {
      if (claim) return null; // the key was taken (a repeat), or the condition failed: the caller asks which
      if (onlyIf) throw new ConditionFailed();
    }
    if (lots && (await isLotTracked(tx, asset))) {
      for (const leg of resolved) {
        if (!('userId' in leg.party)) continue;
        if (leg.units > 0n) {
          const amount = fromUnits(leg.units);
          await tx.insert(assetLots).values({
            id: newId(),
            accountId: leg.account,
            asset,
            acquiredAt: new Date(),
            amount,
            remaining: amount,
            entryId,
          });
        } else {
          await consumeLots(tx, leg.account, -leg.units, entryId);
        }
      }
    }
    return entryId;
  }

  /** An entry without a claim: always written (or the statement fails). */
  async function post(tx: Executor, asset: string, entry: Entry, legs: Leg[], lots: boolean, alsoLock: Party[] = []) {
    return (await write(tx, asset, entry, legs, lots, alsoLock)) as string;
  }

  /**
   * A transaction, retried on serialization failures and deadlocks; a negative member balance is a 400.
   * `single`: the work is one statement (atomic by itself), so it runs without BEGIN and COMMIT, two
   * round trips fewer on the hottest path (plain sends).
   */
  async function transaction<T>(run: (tx: Executor) => Promise<T>, single = false): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await (single ? run(db) : db.transaction(run));
      } catch (error) {
        const { code, constraint } = postgresError(error);
        if (code === '23514' && constraint === 'ledger_member_balance_not_negative') {
          throw insufficientBalance();
        }
        if (code && RETRYABLE.has(code) && attempt < 5) continue;
        throw error;
      }
    }
  }

  // Every keyed send asks it first (a repeat is answered before anything else): prepared, planned once.
  const keyedAnswer = db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare('idempotency_answer');

  /**
   * The answer stored for a member's Idempotency-Key, if the key was used (and committed) before; the
   * same key with another request is a 409.
   */
  async function storedAnswer<T>(q: Executor, { userId, key, requestHash }: Idempotency): Promise<T | undefined> {
    const [first] =
      q === db
        ? await keyedAnswer.execute({ userId, key })
        : await q
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!first) return undefined;
    if (first.requestHash !== requestHash) throw conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
    return first.response as T;
  }

  /**
   * Runs `run` once per (member, key): a repeat returns the first answer, the same key with another
   * request is a 409. Concurrent repeats wait on the key's row and then read the stored answer.
   */
  async function once<T extends Record<string, unknown>>(
    idempotency: Idempotency | undefined,
    run: (tx: Executor) => Promise<T>,
  ): Promise<T> {
    if (!idempotency) return transaction(run);
    return transaction(async (tx) => {
      const { userId, key, requestHash } = idempotency;
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash, response: {} })
        .onConflictDoNothing()
        .returning();
      if (!claimed) {
        const first = await storedAnswer<T>(tx, idempotency);
        if (!first) throw conflict(messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
        return first;
      }
      const result = await run(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: result })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return result;
    });
  }

  async function resolveHold(
    holdId: string,
    status: 'committed' | 'released',
    to: Party | undefined,
    by: string | null,
    extra: Extra<{ holdId: string; entryId: string }> = {},
  ) {
    return transaction(async (tx) => {
      // Exactly once: only the call that moves the hold out of 'placed' goes on.
      const [hold] = await tx
        .update(holds)
        .set({ status, resolvedAt: new Date() })
        .where(and(eq(holds.id, holdId), eq(holds.status, 'placed')))
        .returning();
      if (!hold) {
        const [exists] = await tx.select({ id: holds.id }).from(holds).where(eq(holds.id, holdId));
        if (!exists) throw notFound();
        throw conflict(messages.holdAlreadyResolved, 'HOLD_RESOLVED');
      }
      const units = toUnits(hold.amount);
      const member = { userId: hold.userId };
      const entryId =
        status === 'released'
          ? await post(
              tx,
              hold.asset,
              { kind: 'holdRelease', createdBy: by, metadata: { ...extra.metadata, holdId } },
              [
                { party: { system: 'holds' }, units: -units },
                { party: member, units },
              ],
              false,
            )
          : await commitHeld(tx, hold.asset, member, to ?? { system: 'treasury' }, units, {
              kind: 'holdCommit',
              createdBy: by,
              metadata: { ...extra.metadata, holdId },
            });
      await tx.update(holds).set({ resolveEntryId: entryId }).where(eq(holds.id, holdId));
      await extra.alsoWrite?.(tx, { holdId, entryId });
      return { holdId, entryId, status };
    });
  }

  /** Committing a hold pays the destination from the holds account; the member's lots go with it. */
  async function commitHeld(
    tx: Executor,
    asset: string,
    member: { userId: string },
    to: Party,
    units: bigint,
    entry: Entry,
  ) {
    const entryId = await post(
      tx,
      asset,
      entry,
      [
        { party: { system: 'holds' }, units: -units },
        { party: to, units },
      ],
      true,
      [member],
    );
    // The holder's account is locked above, so no other entry changes its lots while they are taken.
    if (await isLotTracked(tx, asset)) await consumeLots(tx, await accountId(tx, asset, member), units, entryId);
    return entryId;
  }

  return {
    /** Issues tokens from the treasury to a member (admin credit, seed, later: settled funding). */
    credit: async (
      input: {
        userId: string;
        asset: string;
        amount: string;
        by: string | null;
        memo?: string;
      } & Extra<{ entryId: string }>,
      idempotency?: { key: string; requestHash: string },
    ) => {
      const units = positive(input.amount);
      return once(idempotency && { ...idempotency, userId: input.userId }, async (tx) => {
        const entryId = await post(
          tx,
          input.asset,
          { kind: 'credit', createdBy: input.by, memo: input.memo, metadata: input.metadata },
          [
            { party: { system: 'treasury' }, units: -units },
            { party: { userId: input.userId }, units },
          ],
          true,
        );
        await input.alsoWrite?.(tx, { entryId });
        return { entryId };
      });
    },

    /** Member to member. */
    send: async (
      input: { from: string; to: string; asset: string; amount: string; memo?: string; onlyIf?: SQL },
      idempotency?: { key: string; requestHash: string },
    ) => {
      const units = positive(input.amount);
      if (input.from === input.to) throw badRequest(messages.invalidRequest, 'SEND_TO_SELF');
      const entry = {
        kind: 'send',
        createdBy: input.from,
        memo: input.memo,
        metadata: { from: input.from, to: input.to },
      };
      const legs = [
        { party: { userId: input.from }, units: -units },
        { party: { userId: input.to }, units },
      ];
      const claim = idempotency && { ...idempotency, userId: input.from };
      if (await isLotTracked(db, input.asset)) {
        return once(claim, async (tx) => ({
          entryId: (await write(tx, input.asset, entry, legs, true, [], undefined, input.onlyIf)) as string,
        }));
      }
      // Without lots to move, the whole send (key included) is the one statement write() makes: no
      // BEGIN/COMMIT. A key already taken means a repeat: the first answer is returned.
      return transaction(async () => {
        const entryId = await write(db, input.asset, entry, legs, true, [], claim, input.onlyIf);
        if (entryId) return { entryId };
        const first = claim && (await storedAnswer<{ entryId: string }>(db, claim));
        if (first) return first;
        throw new ConditionFailed();
      }, true);
    },

    /** The first answer to a member's Idempotency-Key, when it was used before (a repeat is answered first). */
    replay: <T>(userId: string, idempotency: { key: string; requestHash: string }) =>
      storedAnswer<T>(db, { ...idempotency, userId }),

    /** Moves a member's funds to the holds account until commitHold or releaseHold. */
    placeHold: async (
      input: { userId: string; asset: string; amount: string; reason: string } & Extra<{
        holdId: string;
        entryId: string;
      }>,
      idempotency?: { key: string; requestHash: string },
    ) => {
      const units = positive(input.amount);
      return once(idempotency && { ...idempotency, userId: input.userId }, async (tx) => {
        const holdId = newId();
        const entryId = await post(
          tx,
          input.asset,
          { kind: 'holdPlace', createdBy: input.userId, memo: input.reason, metadata: { ...input.metadata, holdId } },
          [
            { party: { userId: input.userId }, units: -units },
            { party: { system: 'holds' }, units },
          ],
          false,
        );
        await tx.insert(holds).values({
          id: holdId,
          userId: input.userId,
          asset: input.asset,
          amount: fromUnits(units),
          reason: input.reason,
          placeEntryId: entryId,
        });
        await input.alsoWrite?.(tx, { holdId, entryId });
        return { holdId, entryId };
      });
    },

    /** Pays a hold to its destination (another member, or the treasury when tokens leave the platform). */
    commitHold: (
      holdId: string,
      to: Party | undefined,
      by: string | null,
      extra?: Extra<{ holdId: string; entryId: string }>,
    ) => resolveHold(holdId, 'committed', to, by, extra),
    releaseHold: (holdId: string, by: string | null, extra?: Extra<{ holdId: string; entryId: string }>) =>
      resolveHold(holdId, 'released', undefined, by, extra),

    /** A correcting entry with every posting of `entryId` negated; an entry is reversed at most once. */
    reverse: (entryId: string, by: string, memo: string) =>
      transaction(async (tx) => {
        // Locking the original makes concurrent reversals of it wait here, then find the first one.
        const [original] = await tx.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for('update');
        if (!original) throw notFound();
        if (!['credit', 'send'].includes(original.kind))
          throw badRequest(messages.entryNotReversible, 'NOT_REVERSIBLE');
        const [already] = await tx
          .select({ id: journalEntries.id })
          .from(journalEntries)
          .where(eq(journalEntries.reverses, entryId));
        if (already) throw conflict(messages.entryAlreadyReversed, 'ALREADY_REVERSED');
        const lines = await tx
          .select({
            amount: postings.amount,
            asset: postings.asset,
            kind: ledgerAccounts.kind,
            userId: ledgerAccounts.userId,
          })
          .from(postings)
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(eq(postings.entryId, entryId));
        const asset = lines[0]!.asset;
        const legs: Leg[] = lines.map((l) => ({
          party: l.userId ? { userId: l.userId } : { system: l.kind as SystemKind },
          units: -toUnits(l.amount),
        }));
        const reversal = await post(
          tx,
          asset,
          { kind: 'reversal', createdBy: by, memo, reverses: entryId },
          legs,
          false,
        );
        if (await isLotTracked(tx, asset)) {
          // Undo the original's lots, not today's: whoever gave tokens gets their own lots back (dates
          // kept); whoever received gives back the lot the original made first, then the oldest.
          await restoreLots(tx, entryId);
          for (const [i, line] of lines.entries()) {
            if (!line.userId || toUnits(line.amount) <= 0n) continue;
            const account = await accountId(tx, asset, legs[i]!.party);
            await consumeLots(tx, account, toUnits(line.amount), reversal, entryId);
          }
        }
        return { entryId: reversal };
      }).catch((error) => {
        if (postgresError(error).code === '23505') throw conflict(messages.entryAlreadyReversed, 'ALREADY_REVERSED');
        throw error;
      }),

    /** A member's unconsumed asset-token lots, oldest first (for the holding period before redemption). */
    async lots(userId: string) {
      const rows = await db
        .select({ asset: assetLots.asset, remaining: assetLots.remaining, acquiredAt: assetLots.acquiredAt })
        .from(assetLots)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, assetLots.accountId))
        .where(and(eq(ledgerAccounts.userId, userId), gt(assetLots.remaining, '0')))
        .orderBy(asc(assetLots.acquiredAt), asc(assetLots.id));
      return rows.map((r) => ({ ...r, remaining: fromUnits(toUnits(r.remaining)) }));
    },

    /** Balances of a member's accounts, as decimal strings. */
    async balances(userId: string, assets?: string[]) {
      const rows = await db
        .select({ asset: ledgerAccounts.asset, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), assets ? inArray(ledgerAccounts.asset, assets) : undefined));
      return Object.fromEntries(rows.map((r) => [r.asset, fromUnits(toUnits(r.balance))]));
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
