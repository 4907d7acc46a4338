import { fromUnits, isPositive, toUnits } from '@vault/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { marketplaceAds } from '../../db/schema.ts';
import { escrow, type LedgerTx, move, systemBalances } from '../../ledger/index.ts';
import { type AdRow, poolIdOf } from './present.ts';

/**
 * Ads and the `escrow` system account (decision 0018): an ad's unsold units are in escrow exactly while it is
 * active or deactivated. Every change of an ad's status or shares is a guarded UPDATE — its WHERE states what
 * must still hold — run before the ledger entry in the same transaction, so the ad's row lock orders trades,
 * deletes and hides of one ad, and the loser finds the row already moved.
 */

type Q = Db | Tx;
/** The statuses whose ads hold units in escrow. */
export const OPEN = ['active', 'deactivated'] as const;

/** An ad by id (undefined for an unknown or malformed id). */
export async function adById(q: Q, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await q.select().from(marketplaceAds).where(eq(marketplaceAds.id, id));
  return row;
}

/** The metadata an entry about `ad` carries: the ad, and its pool when it offers one. */
export const adMetadata = (ad: Pick<AdRow, 'id' | 'asset'>) => {
  const poolId = poolIdOf(ad.asset);
  return poolId ? { adId: ad.id, poolId } : { adId: ad.id };
};

/**
 * Closes an open ad (its owner's delete, the back office's hide) exactly once: the guarded UPDATE takes it only
 * while it is still active or deactivated (a concurrent trade, delete or hide waits on the row, then finds it
 * closed), then ONE entry returns the unsold units from escrow to the owner, the dates of their lots kept
 * (lotsBackFrom the listing entry). `remaining_shares` stays as what was returned. Undefined: not open (any more).
 */
export async function closeAd(
  tx: LedgerTx,
  id: string,
  closedAs: 'deleted' | 'hidden',
  opts: { ownerId?: string; by: string; hiddenReason?: string },
): Promise<AdRow | undefined> {
  const [row] = await tx.db
    .update(marketplaceAds)
    .set({
      status: closedAs,
      closedAt: new Date(),
      updatedAt: new Date(),
      ...(closedAs === 'hidden' ? { hiddenReason: opts.hiddenReason ?? null, hiddenBy: opts.by } : {}),
    })
    .where(
      and(
        eq(marketplaceAds.id, id),
        inArray(marketplaceAds.status, [...OPEN]),
        opts.ownerId ? eq(marketplaceAds.userId, opts.ownerId) : undefined,
      ),
    )
    .returning();
  if (!row) return undefined;
  if (!isPositive(row.remainingShares)) return row;
  const { entryId } = await tx.post({
    kind: 'marketplaceReturn',
    legs: move(escrow, { userId: row.userId }, row.asset, fromUnits(toUnits(row.remainingShares))),
    createdBy: opts.by,
    metadata: { ...adMetadata(row), closedAs },
    lotsBackFrom: row.postEntryId,
  });
  const [closed] = await tx.db
    .update(marketplaceAds)
    .set({ closeEntryId: entryId })
    .where(eq(marketplaceAds.id, row.id))
    .returning();
  return closed!;
}

/**
 * The escrow invariant, per asset: the escrow account's balance and the sum of the unsold units of open ads.
 * Equal for every asset unless something moved escrow outside this module (the tests assert it; an operator
 * can run it). Only assets that ever had an ad are listed.
 */
export async function escrowTally(q: Q) {
  const { rows } = await q.execute<{ asset: string; open: string }>(sql`
    select asset, coalesce(sum(remaining_shares) filter (where status in ('active', 'deactivated')), 0) as open
    from marketplace_ads group by asset`);
  const balances = await systemBalances(
    q,
    'escrow',
    rows.map((r) => r.asset),
  );
  return rows.map((r) => ({
    asset: r.asset,
    escrow: fromUnits(toUnits(balances[r.asset] ?? '0')),
    open: fromUnits(toUnits(r.open)),
  }));
}
