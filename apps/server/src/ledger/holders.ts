import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts } from '../db/schema.ts';
import type { Executor } from './accounts.ts';

/**
 * How many members hold more than 0 of each asset (asset → count; an asset nobody holds is missing): the back
 * office's opportunity pools list (issue 17). One grouped read of the member accounts of `assets`.
 */
export async function holderCounts(q: Executor, assets: string[]): Promise<Record<string, number>> {
  if (assets.length === 0) return {};
  const rows = await q
    .select({ asset: ledgerAccounts.asset, n: sql<number>`count(*)::int` })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.kind, 'member'), inArray(ledgerAccounts.asset, assets), gt(ledgerAccounts.balance, '0')),
    )
    .groupBy(ledgerAccounts.asset);
  return Object.fromEntries(rows.map((r) => [r.asset, r.n]));
}
