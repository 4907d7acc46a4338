import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  adResponse,
  listingResponse,
  MARKETPLACE_OWN_ADS_LIMIT,
  MARKETPLACE_PAGE_SIZE,
  type MarketplaceFilter,
  ownAdsResponse,
} from '@vault/contract/schemas/marketplace';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';

/**
 * The marketplace's reads (issue 17). They live under the wallet root: a trade, a listing, a delete or a
 * decided request changes balances, and the realtime bridge refreshes everything under that root on
 * nativeWalletUpdate and nftBalanceUpdated, so the ads' remaining and sold units follow live on both sides.
 */
export const marketplaceKeys = {
  all: [...WALLET_QUERY_ROOT, 'marketplace'] as const,
  listing: (query: ListingFilter) => [...WALLET_QUERY_ROOT, 'marketplace', 'listing', query] as const,
  own: [...WALLET_QUERY_ROOT, 'marketplace', 'own'] as const,
  ad: (id: string) => [...WALLET_QUERY_ROOT, 'marketplace', 'ad', id] as const,
};

export type ListingFilter = { keyword: string; priceFrom: string; priceTo: string; filter: MarketplaceFilter };

/** GET marketplace/listing: others' active ads, 30 a page (spec 2 §9), for infinite scroll. */
export const useListing = (query: ListingFilter) =>
  useInfiniteQuery({
    queryKey: marketplaceKeys.listing(query),
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({
        page: String(pageParam),
        limit: String(MARKETPLACE_PAGE_SIZE),
        filter: query.filter,
      });
      if (query.keyword) params.set('keyword', query.keyword);
      if (query.priceFrom) params.set('price_from', query.priceFrom);
      if (query.priceTo) params.set('price_to', query.priceTo);
      return listingResponse.parse(await api(`marketplace/listing?${params}`));
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
  });

/** GET marketplace/ad?page=1&limit=130: the member's own ads (Exchange mode), newest first. */
export const useOwnAds = () =>
  useQuery({
    queryKey: marketplaceKeys.own,
    queryFn: async () => ownAdsResponse.parse(await api(`marketplace/ad?page=1&limit=${MARKETPLACE_OWN_ADS_LIMIT}`)),
  });

/** GET marketplace/ad/:id: one ad (anyone's active ad, or one of the caller's own). */
export const useAd = (id: string) =>
  useQuery({
    queryKey: marketplaceKeys.ad(id),
    queryFn: async () => adResponse.parse(await api(`marketplace/ad/${encodeURIComponent(id)}`)).data,
    enabled: id !== '',
  });
