import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { iconUploadResponse } from '@vault/contract/schemas/catalogue-admin';
import {
  adminPoolDetail,
  adminPoolResponse,
  adminPoolsResponse,
  type CreatePoolBody,
  type UpdatePoolBody,
} from '@vault/contract/schemas/opportunities';
import { api, queryString } from '../../lib/api';

/** The pools list's state, as the address holds it (`?page=&limit=&pool=`): the pool opened, if any. */
export type PoolsState = { page: number; limit: number; pool: string | null };
export const POOLS_DEFAULTS: PoolsState = { page: 1, limit: 20, pool: null };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

export function readPoolsState(params: URLSearchParams): PoolsState {
  return {
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), POOLS_DEFAULTS.limit, 100),
    pool: params.get('pool') || null,
  };
}

/** The address of a state: only what differs from the defaults. */
export function poolsParams(state: PoolsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.limit !== POOLS_DEFAULTS.limit) params.set('limit', String(state.limit));
  if (state.pool) params.set('pool', state.pool);
  return params;
}

/** GET /api/admin/opportunity-pools?page&limit: a page of pools, oldest first, with where their units are. */
export function usePools(state: Pick<PoolsState, 'page' | 'limit'>) {
  return useQuery({
    queryKey: ['pools', 'list', state.page, state.limit],
    queryFn: () =>
      api(`admin/opportunity-pools${queryString({ page: state.page, limit: state.limit })}`, adminPoolsResponse),
    placeholderData: keepPreviousData,
    // Members ask for units while the screen is open: what is left is asked again every minute (and on focus).
    refetchInterval: 60_000,
  });
}

/** GET /api/admin/opportunity-pools/:id: the pool the address opens (`?pool=`), wherever it is in the list. */
export function usePool(id: string | null) {
  return useQuery({
    queryKey: ['pools', 'one', id],
    queryFn: async () => (await api(`admin/opportunity-pools/${encodeURIComponent(id ?? '')}`, adminPoolDetail)).data,
    enabled: id !== null,
  });
}

function useRefreshPools() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(['pools', 'ledger', 'overview'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** POST /api/admin/opportunity-pools: its whole supply is issued to the treasury. */
export function useCreatePool() {
  const refresh = useRefreshPools();
  return useMutation({
    mutationFn: (body: CreatePoolBody) => api('admin/opportunity-pools', adminPoolResponse, { body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/opportunity-pools/:id: only what changed. */
export function useUpdatePool() {
  const refresh = useRefreshPools();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePoolBody }) =>
      api(`admin/opportunity-pools/${encodeURIComponent(id)}`, adminPoolResponse, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/opportunity-pools/:id/supply {totalSupply}: the difference issued to or taken from the treasury. */
export function useChangeSupply() {
  const refresh = useRefreshPools();
  return useMutation({
    mutationFn: ({ id, totalSupply }: { id: string; totalSupply: string }) =>
      api(`admin/opportunity-pools/${encodeURIComponent(id)}/supply`, adminPoolResponse, { body: { totalSupply } }),
    onSuccess: refresh,
  });
}

/**
 * POST /api/admin/catalogue/icons (owners, `catalogue.manage` as pools): an image uploaded for a pool, public
 * like the catalogue's icons (png, gif or jpeg, TOKEN_ICON_MAX_BYTES at most); its path goes in the form.
 */
export async function uploadImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api('admin/catalogue/icons', iconUploadResponse, { body: form });
}
