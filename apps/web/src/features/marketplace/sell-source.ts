import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import type { CurrencyInfo } from '@vault/contract/schemas/wallet';

/** What is being listed: an asset token wallet or the member's units of a pool, as the form needs it. */
export type Source = {
  coinType: 'native' | 'nft';
  walletId: string;
  name: string;
  symbol: string;
  image: string | null;
  balance: string;
  decimals: number;
  /** Where Cancel goes: the token's detail or the pool. */
  back: string;
};

/**
 * The sell listing's token from its address: ?pool=<id> is the member's units of that pool (nftWallets, 2
 * decimals, walletId the pool's id), ?coin=<symbol> their wallet of that token (walletId `<member>:<symbol>`).
 * Null when the member has no such wallet.
 */
export function findSource(info: CurrencyInfo, params: URLSearchParams): Source | null {
  const pool = params.get('pool');
  if (pool) {
    const w = info.nftWallets.find((n) => n._id === pool);
    return w
      ? {
          coinType: 'nft',
          walletId: w._id,
          name: w.name,
          symbol: 'units',
          image: w.image,
          balance: w.balance,
          decimals: DISPLAY_DECIMALS.opportunity,
          back: `/silent-wave?pool=${encodeURIComponent(w._id)}`,
        }
      : null;
  }
  const coin = params.get('coin');
  const w = coin ? info.nativeWallets.find((n) => n.coinSymbol === coin) : undefined;
  return w
    ? {
        coinType: 'native',
        walletId: w.walletId,
        name: w.displayName,
        symbol: w.displaySymbol || w.coinSymbol,
        image: w.icon.url,
        balance: w.balance,
        decimals: w.decimals,
        back: `/vault-graph?coin=${encodeURIComponent(w.coinSymbol)}`,
      }
    : null;
}
