import { fromUnits, isAmount, toUnits } from '@vault/contract/money';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { holds } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { type Executor, isMember, type Party, treasury } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { entryKinds } from './kinds.ts';
import { consume, moveLots } from './lots.ts';
import { lines, memberLines, positiveUnits, type Scope, write } from './posting.ts';

/**
 * Holds: anything waiting on someone else's decision (an sdira request, later a redemption or a
 * purchase request) moves the funds to the holds account first, so they cannot be spent twice. Placing
 * keeps the member's lots (their remaining lots equal balance plus placed holds); committing pays the
 * destination and takes the holder's oldest lots; releasing gives the funds back, lots untouched. A
 * guarded UPDATE of the hold's status lets exactly one of commit and release happen.
 */

const HOLDS: Party = { system: 'holds' };

export type PlaceHold = {
  userId: string;
  asset: string;
  amount: string;
  reason: string;
  /** Checked by the holdPlace kind: the request it waits on (`requestId`, `from`, `to`), its `logType`. */
  metadata?: Record<string, unknown>;
};
export type HoldResolution = { holdId: string; entryId: string; status: 'committed' | 'released' };
/** A fee leg of a commit: `amount` of the held asset goes to `to` (the fees account), the rest to the destination. */
export type HoldFee = { to: Party; amount: string };
/**
 * Legs of other accounts written in the hold's own entry (balanced by themselves, never on the holds account):
 * an acquire request's reserved units go to the member on commit, back to the treasury on release, in the
 * same entry as its Q.
 */
export type AlsoLegs = { party: Party; asset: string; amount: string }[];

export async function placeHold(scope: Scope, input: PlaceHold): Promise<{ holdId: string; entryId: string }> {
  const units = positiveUnits(input.amount);
  const holdId = newId();
  const metadata = entryKinds.metadata('holdPlace', { ...input.metadata, holdId });
  const member = { userId: input.userId };
  const written = await lines(scope, [
    { party: member, asset: input.asset, units: -units },
    { party: HOLDS, asset: input.asset, units },
  ]);
  const row = { kind: 'holdPlace', createdBy: input.userId, memo: input.reason, metadata };
  const entryId = (await write(scope, row, written)) as string;
  await scope.q.insert(holds).values({
    id: holdId,
    userId: input.userId,
    asset: input.asset,
    amount: fromUnits(units),
    reason: input.reason,
    placeEntryId: entryId,
  });
  return { holdId, entryId };
}

/**
 * Commits (pays `to`: another member, or the treasury when tokens leave the platform; `fee`, a part of it, to
 * the fee's account) or releases a hold, exactly once: only the call that moves it out of 'placed' goes on;
 * the others get HOLD_RESOLVED.
 */
export async function resolveHold(
  scope: Scope,
  holdId: string,
  status: 'committed' | 'released',
  to: Party | undefined,
  by: string | null,
  extra: Record<string, unknown> = {},
  fee?: HoldFee,
  also: AlsoLegs = [],
): Promise<HoldResolution> {
  const { q } = scope;
  const alsoUnits = also.map((leg) => {
    if (!isMember(leg.party) && leg.party.system === 'holds')
      throw new LedgerError('INVALID_ACCOUNT', 'the holds account moves only through its holds');
    if (!isAmount(leg.amount)) throw new LedgerError('INVALID_AMOUNT', `not an amount: ${leg.amount}`);
    return { party: leg.party, asset: leg.asset, units: toUnits(leg.amount) };
  });
  const [hold] = await q
    .update(holds)
    .set({ status, resolvedAt: new Date() })
    .where(and(eq(holds.id, holdId), eq(holds.status, 'placed')))
    .returning();
  if (!hold) {
    const [exists] = await q.select({ id: holds.id }).from(holds).where(eq(holds.id, holdId));
    if (!exists) throw new LedgerError('NOT_FOUND', 'no such hold');
    throw new LedgerError('HOLD_RESOLVED', 'the hold was already committed or released');
  }
  const units = toUnits(hold.amount);
  if (alsoUnits.some((leg) => leg.asset === hold.asset))
    throw new LedgerError('INVALID_ACCOUNT', 'the other legs of a hold’s entry must be in other assets');
  const member = { userId: hold.userId };
  const kind = status === 'released' ? 'holdRelease' : 'holdCommit';
  const row = { kind, createdBy: by, metadata: entryKinds.metadata(kind, { ...extra, holdId }) };
  const destination = status === 'released' ? member : (to ?? treasury);
  const feeUnits = status === 'committed' && fee ? toUnits(fee.amount) : 0n;
  if (feeUnits < 0n || feeUnits >= units) throw new LedgerError('INVALID_AMOUNT', `not a fee of ${hold.amount}`);
  const written = await lines(scope, [
    { party: HOLDS, asset: hold.asset, units: -units },
    { party: destination, asset: hold.asset, units: units - feeUnits },
    ...(fee && feeUnits > 0n ? [{ party: fee.to, asset: hold.asset, units: feeUnits }] : []),
    ...alsoUnits,
  ]);
  let entryId: string;
  if (status === 'released') {
    entryId = (await write(scope, row, written)) as string;
    // Only the other legs make lots: released funds keep the lots they never left (placing kept them).
    if (alsoUnits.length) await moveLots(q, entryId, memberLines(written.slice(2)), scope.tracksLots);
  } else {
    // The holder's account is locked by the same statement, so no other entry changes its lots while
    // they are taken; the destination, if a member, acquires a lot dated now.
    const holder = await scope.accountId(q, hold.asset, member, scope.created);
    entryId = (await write(scope, row, written, { alsoLock: [holder] })) as string;
    await moveLots(q, entryId, memberLines(written), scope.tracksLots);
    if (await scope.tracksLots(q, hold.asset)) await consume(q, holder, units, entryId);
  }
  await q.update(holds).set({ resolveEntryId: entryId }).where(eq(holds.id, holdId));
  return { holdId, entryId, status };
}

/**
 * A member's placed (undecided) holds as one JSON object, asset → amount (text), or null when none: a
 * subquery for another module's statement (the dashboard's, a named prepared statement, passes a
 * placeholder), so it reads them without naming this table.
 */
export const placedByAsset = (userId: Placeholder | SQL | string) => sql`(select json_object_agg(asset, amount) from (
            select ${holds.asset} as asset, sum(${holds.amount})::text as amount from ${holds}
            where ${holds.userId} = ${userId} and ${holds.status} = 'placed'
            group by ${holds.asset}) h)`;

/** A member's placed (undecided) holds, oldest first: the back office's member file. */
export async function placedHolds(q: Executor, userId: string) {
  const rows = await q
    .select({
      id: holds.id,
      asset: holds.asset,
      amount: holds.amount,
      reason: holds.reason,
      createdAt: holds.createdAt,
    })
    .from(holds)
    .where(and(eq(holds.userId, userId), eq(holds.status, 'placed')))
    .orderBy(holds.createdAt, holds.id);
  return rows.map((r) => ({ ...r, amount: fromUnits(toUnits(r.amount)) }));
}
