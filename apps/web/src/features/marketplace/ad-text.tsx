import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import { fitsDecimals } from '@vault/contract/schemas/ledger';
import type { MarketplaceAd, MarketplaceAdStatus } from '@vault/contract/schemas/marketplace';
import { grouped } from '../../lib/money-format';

/** What an ad offers, as its card and detail name it: the pool's name, or the token's display name. */
export function adToken(ad: MarketplaceAd) {
  if (ad.nftToken) {
    return {
      name: ad.nftToken.name,
      image: ad.nftToken.image,
      description: ad.nftToken.description,
      decimals: DISPLAY_DECIMALS.opportunity,
      kind: 'Opportunity token',
    };
  }
  return {
    name: ad.nativeToken?.displayName ?? ad.symbol,
    image: ad.nativeToken?.icon.url ?? null,
    description: ad.nativeToken?.description ?? '',
    decimals: ad.nativeToken?.decimals ?? 8,
    kind: 'Asset token',
  };
}

/** Units of the ad's token to its decimals, with its symbol ('12.5000 XAG'); a pool's are units ('2.00 units'). */
export const unitsText = (ad: MarketplaceAd, amount: string) =>
  `${grouped(amount, adToken(ad).decimals)} ${ad.coinType === 'nft' ? 'units' : ad.symbol}`;

/** What kind of token, and its symbol when the name does not already say it: 'Asset token · XAG'. */
export const kindText = (ad: MarketplaceAd) => {
  const token = adToken(ad);
  return ad.coinType === 'nft' || ad.symbol === token.name ? token.kind : `${token.kind} · ${ad.symbol}`;
};

/** A Q amount to the cent: '21.25 Q'. */
export const qText = (amount: string) => `${grouped(amount, 2)} Q`;

/** Whether `amount` fits the ad's token's decimals. */
export const fitsAd = (ad: MarketplaceAd, amount: string) => fitsDecimals(amount, adToken(ad).decimals);

export const STATUS_TEXT: Record<MarketplaceAdStatus, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  sold: 'Sold out',
  deleted: 'Deleted',
  hidden: 'Taken down',
};

export const STATUS_TONE: Record<MarketplaceAdStatus, string> = {
  active: 'bg-success-soft text-success ring-success/20',
  deactivated: 'bg-warning-soft text-warning ring-warning/20',
  sold: 'bg-info-soft text-info ring-info/20',
  deleted: 'bg-danger-soft text-danger ring-danger/20',
  hidden: 'bg-danger-soft text-danger ring-danger/20',
};

export function AdStatus({ status }: { status: MarketplaceAdStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TONE[status]}`}
    >
      {STATUS_TEXT[status]}
    </span>
  );
}
