import { MARKETPLACE_FILTERS, type MarketplaceFilter } from '@vault/contract/schemas/marketplace';
import { Button } from '@vault/ui/button';
import { Card, cardClass, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/tabs';
import { useLoadMore } from '../../lib/use-load-more';
import { AdCard } from './ad-card';
import { ListingFilters } from './listing-filters';
import { type ListingFilter, useListing, useOwnAds } from './queries';

type Mode = 'opportunities' | 'acquire' | 'exchange';
const MODES = [
  { key: 'opportunities', label: 'Opportunities' },
  { key: 'acquire', label: 'Acquire' },
  { key: 'exchange', label: 'Exchange' },
] as const;
const isMode = (v: string | null): v is Mode => MODES.some((m) => m.key === v);

/**
 * /marketplace, CQR Vest (spec 2 §2), three tabs told by the address (?mode=; the search, value filter and
 * sort too, so a reload or Back shows the same list): Opportunities (the default: the pools, given by the
 * routes as they are another feature's), Acquire (others' ads with "Get Now": GET marketplace/listing, 30 a
 * page, more as the end comes into view) and Exchange (the member's own ads with "See Details": GET
 * marketplace/ad?page=1&limit=130). Ads are made from a token's Exchange.
 */
export function MarketplacePage({ opportunities }: { opportunities: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const given = params.get('mode');
  const mode: Mode = isMode(given) ? given : 'opportunities';
  const sort = params.get('sort');
  const applied: ListingFilter = {
    keyword: params.get('keyword') ?? '',
    priceFrom: params.get('price_from') ?? '',
    priceTo: params.get('price_to') ?? '',
    filter: MARKETPLACE_FILTERS.includes(sort as MarketplaceFilter) ? (sort as MarketplaceFilter) : 'recently_listed',
  };

  const update = (next: Record<string, string>) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current);
        for (const [k, v] of Object.entries(next)) {
          if (v) merged.set(k, v);
          else merged.delete(k);
        }
        return merged;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-ink">CQR Vest</h1>
        <p className="mt-1 text-sm text-ink-muted">
          Acquire units of opportunity pools from the treasury, and trade asset and opportunity tokens with other
          members for CQR Dollars (Q).
        </p>
      </div>
      <Tabs
        items={MODES}
        active={mode}
        onSelect={(key) => update({ mode: key === 'opportunities' ? '' : key })}
        label="CQR Vest"
        idPrefix="market"
      >
        {mode === 'opportunities' ? (
          opportunities
        ) : mode === 'acquire' ? (
          <div className="space-y-4">
            <div className={cardClass}>
              <ListingFilters
                applied={applied}
                onApply={(next) =>
                  update({
                    keyword: next.keyword,
                    price_from: next.priceFrom,
                    price_to: next.priceTo,
                    sort: next.filter === 'recently_listed' ? '' : next.filter,
                  })
                }
              />
            </div>
            <Listing filter={applied} />
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-ink-muted">
              To list tokens, open an asset token or an opportunity you hold and press Exchange.
            </p>
            <OwnAds />
          </div>
        )}
      </Tabs>
    </div>
  );
}

function Listing({ filter }: { filter: ListingFilter }) {
  const listing = useListing(filter);
  const sentinel = useLoadMore(listing);
  const ads = listing.data?.pages.flatMap((p) => p.data) ?? [];
  const total = listing.data?.pages[0]?.total ?? 0;
  const filtered = filter.keyword !== '' || filter.priceFrom !== '' || filter.priceTo !== '';

  if (listing.isPending) {
    return (
      <Card>
        <LoadingRows label="Loading the ads…" />
      </Card>
    );
  }
  if (!listing.data) {
    return (
      <Card>
        <LoadError query={listing} title="The ads could not be loaded" />
      </Card>
    );
  }
  if (ads.length === 0) {
    return (
      <EmptyState icon="coins" className={cardSurface}>
        {filtered ? 'No ads match your search.' : 'No other member has listed tokens yet. Please come back later.'}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      {listing.isError && !listing.isFetchNextPageError ? <RefreshError query={listing} what="The ads" /> : null}
      <p className="text-xs text-ink-subtle" aria-live="polite">
        {ads.length} of {total} ads
      </p>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Ads">
        {ads.map((ad) => (
          <AdCard key={ad._id} ad={ad} own={false} />
        ))}
      </ul>
      <div ref={sentinel} />
      {listing.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" busy={listing.isFetchingNextPage} onClick={() => void listing.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
      {listing.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-danger">
          {errorText(listing.error)}
        </p>
      ) : null}
    </div>
  );
}

function OwnAds() {
  const own = useOwnAds();
  if (own.isPending) {
    return (
      <Card>
        <LoadingRows label="Loading your ads…" />
      </Card>
    );
  }
  if (!own.data) {
    return (
      <Card>
        <LoadError query={own} title="Your ads could not be loaded" />
      </Card>
    );
  }
  if (own.data.data.length === 0) {
    return (
      <EmptyState icon="coins" className={cardSurface} action={{ label: 'Open your wallets', to: '/cryptocurrency' }}>
        You have no ads. Open an asset token you hold and press Exchange to list it.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-4">
      {own.isError ? <RefreshError query={own} what="Your ads" /> : null}
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Your ads">
        {own.data.data.map((ad) => (
          <AdCard key={ad._id} ad={ad} own />
        ))}
      </ul>
    </div>
  );
}
