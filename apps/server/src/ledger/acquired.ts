import { normalize } from '@vault/contract/money';
import { sql } from 'drizzle-orm';
import type { Executor } from './accounts.ts';

/**
 * What a member acquired of an asset (issue 12 §4, docs/decisions/0011): their balance less what other
 * members gave them. Received is every positive posting to the member's account in a `send` entry (a send to
 * oneself is refused, so the other side is always another member) and in a `holdCommit` entry whose
 * metadata names another member as `from` (an approved sdira send request), unless that entry was reversed:
 * a reversal already took the tokens back out of the balance, so they must not be taken off twice.
 *
 * Used while the vault is not activated, when the member can neither send nor swap: then the balance less
 * what they received is exactly what they bought, swapped or were credited. Cost: one account row (unique
 * index on asset, kind, user), its postings (postings_account_idx), each joined to its entry by primary key
 * and probed for a reversal (the unique index on `reverses`): linear in the member's postings of one asset,
 * which for a member not yet activated are few; it runs once per activation call.
 */
const acquiredOf = (userId: string) => sql`(a.balance - coalesce((
      select sum(p.amount) from postings p
      join journal_entries e on e.id = p.entry_id
      where p.account_id = a.id and p.amount > 0
        and (e.kind = 'send'
          or (e.kind = 'holdCommit' and e.metadata->>'from' <> ${userId}))
        and not exists (select 1 from journal_entries r where r.reverses = e.id)
    ), 0))`;

/**
 * A condition for another module's statement (vault activation's conditional UPDATE): the member's acquired
 * amount of `asset` is at least `amount`, as that statement reads it. The caller never names the tables.
 */
export const acquiredAtLeast = (userId: string, asset: string, amount: string) =>
  sql`exists (
    select 1 from ledger_accounts a
    where a.user_id = ${userId} and a.kind = 'member' and a.asset = ${asset}
      and ${acquiredOf(userId)} >= ${amount}::numeric
  )`;

/** The member's balance of `asset` and the part of it they acquired (decimal strings; '0' with no account). */
export async function acquiredBalance(q: Executor, userId: string, asset: string) {
  const result = await q.execute<{ balance: string; acquired: string }>(sql`
    select a.balance::text as balance, ${acquiredOf(userId)}::text as acquired
    from ledger_accounts a
    where a.user_id = ${userId} and a.kind = 'member' and a.asset = ${asset}`);
  const row = result.rows[0];
  const clean = (value: string | undefined) => normalize(value ?? '0');
  return { balance: clean(row?.balance), acquired: clean(row?.acquired) };
}
