import { toUnits } from '@vault/contract/money';
import { eq } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '../db/schema.ts';
import { partyOf } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { entryKinds } from './kinds.ts';
import { consume, netByAccount, restore } from './lots.ts';
import { type Line, memberLines, type Scope, write } from './posting.ts';

/**
 * Corrections are reversing entries, never an UPDATE or DELETE of postings: every posting of the
 * original negated, in every asset it moved. An entry is reversed at most once (a unique `reverses`,
 * and the original's row lock makes concurrent reversals wait and then find the first). Only kinds the
 * registry marks reversible qualify: holds resolve instead.
 */
export async function reverse(scope: Scope, entryId: string, by: string | null, memo: string) {
  const { q } = scope;
  const [original] = await q.select().from(journalEntries).where(eq(journalEntries.id, entryId)).for('update');
  if (!original) throw new LedgerError('NOT_FOUND', 'no such entry');
  const kind = entryKinds.kinds().find((k) => k.kind === original.kind);
  if (!kind?.reversible) throw new LedgerError('NOT_REVERSIBLE', `a ${original.kind} entry is not reversed`);
  const [already] = await q
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reverses, entryId));
  if (already) throw new LedgerError('ALREADY_REVERSED', 'the entry was already reversed');
  const rows = await q
    .select({
      account: postings.accountId,
      asset: postings.asset,
      amount: postings.amount,
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(postings.entryId, entryId));
  const originalLines: Line[] = rows.map((r) => ({
    party: partyOf(r),
    asset: r.asset,
    units: toUnits(r.amount),
    account: r.account,
  }));
  const negated = originalLines.map((line) => ({ ...line, units: -line.units }));
  const row = { kind: 'reversal', createdBy: by, memo, reverses: entryId, metadata: {} };
  const reversal = (await write(scope, row, negated)) as string;

  // Undo the original's lots, not today's: whoever gave gets their very lots back (dates kept); whoever
  // received gives back the lot the original made before any older one (the holding period stays).
  const tracked = await netByAccount(q, memberLines(originalLines), scope.tracksLots);
  if (tracked.some(([, net]) => net.units < 0n)) await restore(q, entryId);
  for (const [account, { units }] of tracked) {
    if (units > 0n) await consume(q, account, units, reversal, entryId);
  }
  return { entryId: reversal };
}
