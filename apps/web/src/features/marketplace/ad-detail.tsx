import type { MarketplaceAd } from '@vault/contract/schemas/marketplace';
import { ButtonLink } from '@vault/ui/button';
import { Card, cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CoverImage } from '../../components/cover-image';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/date-time';
import { AdStatus, adToken, kindText, qText, unitsText } from './ad-text';
import { useAd } from './queries';

/**
 * The frame of both ad pages: the ad's id from the address (?ad=<id>, so a reload shows it again), its
 * loading, error and not-found states, and a way back to the marketplace.
 */
export function AdPageFrame({ children, own = false }: { children: (ad: MarketplaceAd) => ReactNode; own?: boolean }) {
  const [params] = useSearchParams();
  const id = params.get('ad') ?? '';
  const ad = useAd(id);
  const back = (
    <ButtonLink to={own ? '/marketplace?mode=exchange' : '/marketplace'} variant="link" className="text-sm">
      Back to CQR Vest
    </ButtonLink>
  );
  const missing = id === '' || (ad.error instanceof ApiError && ad.error.status === 404);
  return (
    <div className="space-y-6">
      {back}
      {missing ? (
        <>
          <h1 className="text-2xl font-semibold text-ink">Ad</h1>
          <EmptyState icon="coins" className={cardClass} action={{ label: 'See the ads', to: '/marketplace' }}>
            This ad does not exist or is no longer listed.
          </EmptyState>
        </>
      ) : ad.isPending ? (
        <Card>
          <LoadingRows label="Loading the ad…" />
        </Card>
      ) : !ad.data ? (
        <Card>
          <LoadError query={ad} title="The ad could not be loaded" />
        </Card>
      ) : (
        <>
          {ad.isError ? <RefreshError query={ad} what="The ad" /> : null}
          {children(ad.data)}
        </>
      )}
    </div>
  );
}

/** The ad itself: what is offered, by whom, the value per unit, the units left (and, for its owner, sold). */
export function AdDetail({ ad, own }: { ad: MarketplaceAd; own: boolean }) {
  const token = adToken(ad);
  return (
    <section aria-labelledby="ad-heading" className={`${cardClass} space-y-5`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <CoverImage url={token.image} name={token.name} className="size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="ad-heading" className="text-2xl font-semibold break-words text-ink">
              {token.name}
            </h1>
            <AdStatus status={ad.status} />
          </div>
          <p className="text-sm text-ink-muted">
            {kindText(ad)} · listed by {own ? 'you' : ad.user.name}
          </p>
          {ad.description ? (
            <p className="mt-2 text-sm whitespace-pre-line break-words text-ink">{ad.description}</p>
          ) : null}
          {token.description ? <p className="mt-2 text-sm break-words text-ink-muted">{token.description}</p> : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
        <Fact term="Value per unit" value={qText(ad.pricePerShare)} strong />
        <Fact term="Available" value={unitsText(ad, ad.remainingShares)} strong />
        {own ? <Fact term="Sold" value={unitsText(ad, ad.soldShares)} /> : null}
        {own ? <Fact term="Listed" value={unitsText(ad, ad.totalShares)} /> : null}
        <Fact term="Listed on" value={formatDateTime(ad.createdAt)} />
      </dl>
    </section>
  );
}

function Fact({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-ink-subtle">{term}</dt>
      <dd className={`break-words tabular-nums text-ink ${strong ? 'font-semibold' : ''}`}>{value}</dd>
    </div>
  );
}
