import type { Permission } from '@vault/contract/schemas/admin-auth';
import type { AdminMarketplaceAd, MarketplaceAdStatus } from '@vault/contract/schemas/marketplace';
import { formatAmount } from '../../lib/format';

/** Who may hide an ad: taking a member's ad down acts on a member, as blocking does (the server checks the same). */
export const HIDE_PERMISSION: Permission = 'members.manage';

export const AD_STATUS_LABELS: Record<MarketplaceAdStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  sold: 'Sold',
  deleted: 'Deleted',
  hidden: 'Hidden',
};
export const AD_STATUS_TONES = {
  active: 'success',
  deactivated: 'warning',
  sold: 'info',
  deleted: 'neutral',
  hidden: 'danger',
} as const satisfies Record<MarketplaceAdStatus, string>;

/** Only active and deactivated ads hold units in escrow: only those can be hidden. */
export const isHideable = (ad: Pick<AdminMarketplaceAd, 'status'>) =>
  ad.status === 'active' || ad.status === 'deactivated';

/** "12.5 XAG", "40.00 Silent Wave": a quantity of what the ad offers. */
export const unitsOf = (ad: Pick<AdminMarketplaceAd, 'symbol'>, amount: string) =>
  `${formatAmount(amount)} ${ad.symbol}`;

/** What is offered, in words: the token's display name (and symbol) or the pool's name. */
export const offerOf = (ad: AdminMarketplaceAd) =>
  ad.coinType === 'nft'
    ? `Opportunity: ${ad.nftToken?.name ?? ad.symbol}`
    : `${ad.nativeToken?.displayName ?? ad.symbol} (${ad.nativeToken?.coinSymbol ?? ad.asset})`;

/** What is left of an ad, in a line: in escrow while open, sold out, or given back when it was closed. */
export const offerState = (ad: AdminMarketplaceAd) =>
  isHideable(ad)
    ? `${unitsOf(ad, ad.remainingShares)} left`
    : ad.status === 'sold'
      ? `${unitsOf(ad, ad.totalShares)} sold out`
      : `${unitsOf(ad, ad.remainingShares)} returned`;
