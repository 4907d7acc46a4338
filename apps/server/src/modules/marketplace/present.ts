import { normalize, toFixed } from '@vault/contract/money';
import { MARKETPLACE_POOL_UNIT_DECIMALS, type MarketplaceAd } from '@vault/contract/schemas/marketplace';
import type { Db, Tx } from '../../db/client.ts';
import type { marketplaceAds } from '../../db/schema.ts';
import type { CatalogueService, TokenRow } from '../catalogue/service.ts';
import { chatProfiles } from '../members/contacts.ts';
import { type PoolRow, poolById } from '../opportunities/pools.ts';

/**
 * An ad as members see it (spec 2 §3 Marketplace ad): the offered token or pool and the owner's public face,
 * read through their owners' exported functions (the catalogue's cached snapshot, opportunities' poolById,
 * members' profiles), once per page.
 */

export type AdRow = typeof marketplaceAds.$inferSelect;
type Q = Db | Tx;

/** What a page of ads needs to be shown: tokens by symbol, pools by asset, owners by id. */
export type AdContext = {
  tokens: Map<string, TokenRow>;
  pools: Map<string, PoolRow>;
  owners: Map<string, { name: string; email: string; profilePicture: string | null }>;
};

/** The pool id of an `nft:<id>` asset, else null. */
export const poolIdOf = (asset: string) => (asset.startsWith('nft:') ? asset.slice(4) : null);

export async function adContext(q: Q, catalogue: CatalogueService, rows: AdRow[]): Promise<AdContext> {
  const poolIds = [...new Set(rows.flatMap((r) => (r.coinType === 'nft' ? [poolIdOf(r.asset)!] : [])))];
  const ownerIds = [...new Set(rows.map((r) => r.userId))];
  const [snapshot, pools, owners] = await Promise.all([
    rows.some((r) => r.coinType === 'native') ? catalogue.snapshot() : Promise.resolve({ tokens: [] as TokenRow[] }),
    Promise.all(poolIds.map((id) => poolById(q, id))),
    chatProfiles(q, ownerIds),
  ]);
  return {
    tokens: new Map(snapshot.tokens.map((t) => [t.coinSymbol, t])),
    pools: new Map(pools.flatMap((p) => (p ? [[p.asset, p] as const] : []))),
    owners: new Map(owners.map((o) => [o.id, { name: o.name, email: o.email, profilePicture: o.profilePicture }])),
  };
}

/** Decimals of the units of an ad's asset: a pool's 2, a token's own. */
export const unitDecimals = (row: Pick<AdRow, 'coinType' | 'asset'>, c: Pick<AdContext, 'tokens'>) =>
  row.coinType === 'nft' ? MARKETPLACE_POOL_UNIT_DECIMALS : (c.tokens.get(row.asset)?.decimals ?? 8);

export function toAd(row: AdRow, c: AdContext, viewerId: string | null): MarketplaceAd {
  const decimals = unitDecimals(row, c);
  const units = (v: string) => toFixed(normalize(v), decimals);
  const token = row.coinType === 'native' ? c.tokens.get(row.asset) : undefined;
  const pool = row.coinType === 'nft' ? c.pools.get(row.asset) : undefined;
  const owner = c.owners.get(row.userId);
  return {
    _id: row.id,
    type: row.type,
    coinType: row.coinType,
    asset: row.asset,
    symbol: token?.shortName ?? pool?.name ?? row.asset,
    totalShares: units(row.totalShares),
    remainingShares: units(row.remainingShares),
    soldShares: units(row.soldShares),
    pricePerShare: normalize(row.pricePerShare),
    description: row.description,
    status: row.status,
    user: { _id: row.userId, name: owner?.name ?? '', profilePicture: owner?.profilePicture ?? null },
    nftToken: pool ? { _id: pool.id, name: pool.name, image: pool.image, description: pool.description } : null,
    nativeToken: token
      ? {
          coinSymbol: token.coinSymbol,
          icon: { url: token.iconUrl },
          displayName: token.displayName,
          description: token.description,
          decimals: token.decimals,
        }
      : null,
    isOwn: viewerId === row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of rows presented. */
export async function toAds(q: Q, catalogue: CatalogueService, rows: AdRow[], viewerId: string | null) {
  const c = await adContext(q, catalogue, rows);
  return rows.map((r) => toAd(r, c, viewerId));
}
