import { isPositive, normalize, toFixed } from '@vault/contract/money';
import { POOL_UNIT_DECIMALS } from '@vault/contract/schemas/opportunities';
import type { NftWallet } from '@vault/contract/schemas/wallet';
import { asc, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { opportunityPools } from '../../db/schema.ts';
import type { PoolRow } from './pools.ts';

/**
 * What other modules read of pools (issue 17 item 3), never their table: a member's opportunity wallets for
 * the dashboard (modules/wallet) and the pools named by history rows (modules/transaction-log).
 */

type Q = Db | Tx;
const POOL_ASSET = /^nft:[0-9a-f-]{36}$/i;

/** Whether a ledger asset is a pool's units (`nft:<pool id>`). */
export const isPoolAsset = (asset: string) => POOL_ASSET.test(asset);

/**
 * Spec 1 §3 Opportunity (NFT) wallet: one per pool the member holds more than 0 units of, oldest pool first,
 * balance to 2 decimals (spec 2 §9). `balances` are the member's ledger balances by asset (the dashboard's
 * one read); units reserved by their pending requests are not theirs yet (they sit in the `reserved`
 * account) and do not show. No query when the member holds no pool's units.
 */
export async function nftWalletsOf(q: Q, balances: Record<string, string>): Promise<NftWallet[]> {
  const held = Object.keys(balances).filter((asset) => isPoolAsset(asset) && isPositive(balances[asset]!));
  if (held.length === 0) return [];
  const rows = await q
    .select()
    .from(opportunityPools)
    .where(inArray(opportunityPools.asset, held))
    .orderBy(asc(opportunityPools.createdAt));
  return rows.map((p) => ({
    _id: p.id,
    nftToken: p.asset,
    name: p.name,
    title: p.title,
    description: p.description,
    image: p.image,
    balance: toFixed(normalize(balances[p.asset]!), POOL_UNIT_DECIMALS),
    pricePerShare: normalize(p.pricePerShare),
    dueDate: p.dueDate.toISOString().slice(0, 10),
    createdAt: p.createdAt.toISOString(),
  }));
}

/** Pools by ledger asset or by id (either list may be empty): the rows a page of history names. */
export async function poolsNamed(q: Q, named: { assets?: string[]; ids?: string[] }): Promise<PoolRow[]> {
  const assets = (named.assets ?? []).filter(isPoolAsset);
  const ids = (named.ids ?? []).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (assets.length === 0 && ids.length === 0) return [];
  return q
    .select()
    .from(opportunityPools)
    .where(
      or(
        assets.length ? inArray(opportunityPools.asset, assets) : undefined,
        ids.length ? inArray(opportunityPools.id, ids) : undefined,
      ),
    );
}
