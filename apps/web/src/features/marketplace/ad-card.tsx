import type { MarketplaceAd } from '@vault/contract/schemas/marketplace';
import { ButtonLink } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { CoverImage } from '../../components/cover-image';
import { AdStatus, adToken, kindText, qText, unitsText } from './ad-text';

/**
 * One ad as the CQR Vest lists show it: what is offered, by whom, the value per unit in Q, the units left;
 * in Exchange mode (the member's own ads) the units sold and the status too. Get Now opens
 * /marketplace-details, See Details /own-add-details, each with the ad's id in the address.
 */
export function AdCard({ ad, own }: { ad: MarketplaceAd; own: boolean }) {
  const token = adToken(ad);
  const to = own
    ? `/own-add-details?ad=${encodeURIComponent(ad._id)}`
    : `/marketplace-details?ad=${encodeURIComponent(ad._id)}`;
  return (
    <li className={`${cardSurface} flex flex-col gap-4 p-5`} data-testid="ad-card">
      <div className="flex items-start gap-4">
        <CoverImage url={token.image} name={token.name} className="size-14" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-ink">{token.name}</h3>
          <p className="text-xs text-ink-subtle">{kindText(ad)}</p>
          {own ? null : <p className="truncate text-sm text-ink-muted">Listed by {ad.user.name}</p>}
        </div>
        {own ? <AdStatus status={ad.status} /> : null}
      </div>
      {ad.description ? <p className="line-clamp-2 text-sm break-words text-ink-muted">{ad.description}</p> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div>
          <dt className="text-ink-subtle">Value per unit</dt>
          <dd className="font-semibold tabular-nums text-ink">{qText(ad.pricePerShare)}</dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Available</dt>
          <dd className="font-semibold tabular-nums text-ink">{unitsText(ad, ad.remainingShares)}</dd>
        </div>
        {own ? (
          <div>
            <dt className="text-ink-subtle">Sold</dt>
            <dd className="tabular-nums text-ink">{unitsText(ad, ad.soldShares)}</dd>
          </div>
        ) : null}
      </dl>
      <ButtonLink
        to={to}
        variant={own ? 'secondary' : 'primary'}
        className="mt-auto w-full"
        aria-label={`${own ? 'See Details' : 'Get Now'}: ${token.name}, ${qText(ad.pricePerShare)} per unit`}
      >
        {own ? 'See Details' : 'Get Now'}
      </ButtonLink>
    </li>
  );
}
