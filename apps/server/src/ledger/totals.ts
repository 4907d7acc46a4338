import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './accounts.ts';

/**
 * The back office overview's figures per asset, in one statement: members' balances, what is on placed
 * holds (the holds account's balance: it moves only by placing, committing and releasing holds, so it is
 * exactly the sum of the placed ones), the treasury's balance (negative by what it issued) and today's
 * volume: the sum of what member accounts received in entries made since `dayStart`. Sums are added and
 * written out by PostgreSQL (`trim_scale`): over every member they may pass the money module's 20 integer
 * digits, which bound one amount, not a total.
 */
export type AssetTotals = {
  asset: string;
  members: string;
  held: string;
  /** members + held: what the platform owes. */
  liabilities: string;
  /** The negative of the treasury's balance. */
  treasuryIssued: string;
  volume: string;
};

export async function assetTotals(q: Executor, dayStart: Date): Promise<AssetTotals[]> {
  const result = await q.execute<AssetTotals>(assetTotalsSql(dayStart));
  return result.rows;
}

/**
 * The statement of `assetTotals` (columns as in `AssetTotals`, decimal text), for a caller that sets other
 * figures beside it in the same statement (the overview's reserves) without naming the ledger's tables.
 */
export function assetTotalsSql(dayStart: Date): SQL {
  return sql`
    with balances as (
      select asset,
        sum(balance) filter (where kind = 'member') as members,
        sum(balance) filter (where kind = 'holds') as held,
        sum(balance) filter (where kind = 'treasury') as treasury
      from ledger_accounts
      group by asset
    ),
    volume as (
      select p.asset, sum(p.amount) as amount
      from postings p join ledger_accounts a on a.id = p.account_id
      where a.kind = 'member' and p.amount > 0
        and p.entry_id in (select e.id from journal_entries e where e.created_at >= ${dayStart})
      group by p.asset
    )
    select b.asset,
      trim_scale(coalesce(b.members, 0))::text as members,
      trim_scale(coalesce(b.held, 0))::text as held,
      trim_scale(coalesce(b.members, 0) + coalesce(b.held, 0))::text as liabilities,
      trim_scale(-coalesce(b.treasury, 0))::text as "treasuryIssued",
      trim_scale(coalesce(v.amount, 0))::text as volume
    from balances b left join volume v on v.asset = b.asset
    order by b.asset`;
}
