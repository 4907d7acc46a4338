import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import { adminAdChanged, adminAdsResponse, MARKETPLACE_AD_STATUSES } from '@vault/contract/schemas/marketplace';
import { api, queryString } from '../../lib/api';

/** The ads list's status filter: a status of the contract, or every ad (no `status` sent). */
export const AD_FILTERS = [...MARKETPLACE_AD_STATUSES, 'all'] as const;
export type AdFilter = (typeof AD_FILTERS)[number];
export const AD_FILTER_LABELS: Record<AdFilter, string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  sold: 'Sold',
  deleted: 'Deleted',
  hidden: 'Hidden',
  all: 'All',
};

/** The ads list's state, as the address holds it (`?status=&page=&limit=`): active ads first of all. */
export type AdsListState = { status: AdFilter; page: number; limit: number };
export const ADS_DEFAULTS: AdsListState = { status: 'active', page: 1, limit: BACKOFFICE_PAGE_SIZE };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function readAdsState(params: URLSearchParams): AdsListState {
  const status = params.get('status') ?? '';
  return {
    status: (AD_FILTERS as readonly string[]).includes(status) ? (status as AdFilter) : ADS_DEFAULTS.status,
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), ADS_DEFAULTS.limit, 100),
  };
}

/** The address of a list state: only what differs from the defaults. */
export function adsParams(state: AdsListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'page', 'limit'] as const) {
    if (state[key] !== ADS_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/marketplace/ads?status&page&limit: a page of members' ads, newest first. */
export function useAds(state: AdsListState) {
  return useQuery({
    queryKey: ['marketplace-ads', 'list', state],
    queryFn: () =>
      api(
        `admin/marketplace/ads${queryString({ status: state.status === 'all' ? undefined : state.status, page: state.page, limit: state.limit })}`,
        adminAdsResponse,
      ),
    placeholderData: keepPreviousData,
    // Members trade while the screen is open: what is left of an ad is asked again every 30 seconds.
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/marketplace/ads/:id/hide {reason}: the ad closes and its unsold units leave escrow. */
export const hideAd = (id: string, reason: string) =>
  api(`admin/marketplace/ads/${encodeURIComponent(id)}/hide`, adminAdChanged, { body: { reason } });

/** After hiding an ad: the ads, and the screens that show what moved (the ledger, a member's file) ask again. */
export function useRefreshAds() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['marketplace-ads', 'ledger', 'member', 'members', 'pools'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
