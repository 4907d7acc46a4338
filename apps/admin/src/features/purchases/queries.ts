import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import {
  adminProviderEventsResponse,
  adminPurchasesResponse,
  ONLINE_METHODS,
  PURCHASE_METHODS,
  PURCHASE_STATUSES,
} from '@vault/contract/schemas/funding';
import { api, queryString } from '../../lib/api';

export type Tab = 'purchases' | 'events';

/**
 * The screen's state, as the address holds it (`?tab=&method=&status=&attention=&provider=&verified=&page=&limit=`):
 * the purchases first, every method and state.
 */
export type PurchasesState = {
  tab: Tab;
  method: string;
  status: string;
  attention: boolean;
  provider: string;
  verified: '' | 'true' | 'false';
  page: number;
  limit: number;
};
export const DEFAULTS: PurchasesState = {
  tab: 'purchases',
  method: '',
  status: '',
  attention: false,
  provider: '',
  verified: '',
  page: 1,
  limit: BACKOFFICE_PAGE_SIZE,
};

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};
const oneOf = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : '');

/** Reads the state from the address; anything unreadable takes its default. */
export function readState(params: URLSearchParams): PurchasesState {
  const verified = params.get('verified');
  return {
    tab: params.get('tab') === 'events' ? 'events' : 'purchases',
    method: oneOf(params.get('method'), PURCHASE_METHODS),
    status: oneOf(params.get('status'), PURCHASE_STATUSES),
    attention: params.get('attention') === 'true',
    provider: oneOf(params.get('provider'), ONLINE_METHODS),
    verified: verified === 'true' || verified === 'false' ? verified : '',
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), DEFAULTS.limit, 100),
  };
}

/** The address of a state: only what differs from the defaults. */
export function stateParams(state: PurchasesState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as (keyof PurchasesState)[]) {
    if (state[key] !== DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/purchases?method&status&attention&page&limit. */
export function usePurchases(state: PurchasesState) {
  return useQuery({
    queryKey: ['purchases', 'list', state.method, state.status, state.attention, state.page, state.limit],
    queryFn: () =>
      api(
        `admin/purchases${queryString({
          method: state.method || undefined,
          status: state.status || undefined,
          attention: state.attention ? 'true' : undefined,
          page: state.page,
          limit: state.limit,
        })}`,
        adminPurchasesResponse,
      ),
    enabled: state.tab === 'purchases',
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/provider-events?provider&verified&page&limit. */
export function useProviderEvents(state: PurchasesState) {
  return useQuery({
    queryKey: ['purchases', 'events', state.provider, state.verified, state.page, state.limit],
    queryFn: () =>
      api(
        `admin/provider-events${queryString({
          provider: state.provider || undefined,
          verified: state.verified || undefined,
          page: state.page,
          limit: state.limit,
        })}`,
        adminProviderEventsResponse,
      ),
    enabled: state.tab === 'events',
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}
