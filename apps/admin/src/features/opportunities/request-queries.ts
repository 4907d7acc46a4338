import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import {
  acquireDecision,
  adminAcquireRequestResponse,
  adminAcquireRequestsResponse,
} from '@vault/contract/schemas/opportunities';
import { api, queryString } from '../../lib/api';
import { ACQUIRE_FILTERS, type AcquireFilter } from './describe';

/** The acquire requests list's state, as the address holds it (`?status=&page=&limit=`): pending first. */
export type AcquireListState = { status: AcquireFilter; page: number; limit: number };
export const ACQUIRE_DEFAULTS: AcquireListState = { status: 'pending', page: 1, limit: BACKOFFICE_PAGE_SIZE };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the state from the address; anything unreadable takes its default. */
export function readAcquireState(params: URLSearchParams): AcquireListState {
  const status = params.get('status') ?? '';
  return {
    status: (ACQUIRE_FILTERS as readonly string[]).includes(status)
      ? (status as AcquireFilter)
      : ACQUIRE_DEFAULTS.status,
    page: positive(params.get('page'), 1, 100_000),
    // The API's maximum a page is 100.
    limit: positive(params.get('limit'), ACQUIRE_DEFAULTS.limit, 100),
  };
}

/** The address of a list state: only what differs from the defaults. */
export function acquireParams(state: AcquireListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'page', 'limit'] as const) {
    if (state[key] !== ACQUIRE_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/opportunity-requests?status&page&limit: a page of acquire requests, newest first. */
export function useAcquireRequests(state: AcquireListState) {
  return useQuery({
    queryKey: ['acquire-requests', 'list', state],
    queryFn: () =>
      api(
        `admin/opportunity-requests${queryString({ status: state.status === 'all' ? undefined : state.status, page: state.page, limit: state.limit })}`,
        adminAcquireRequestsResponse,
      ),
    placeholderData: keepPreviousData,
    // Members ask while the screen is open, and other operators decide: asked again every 30 seconds.
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/opportunity-requests/:id: the request the address opens (`?open=`), wherever it is. */
export function useAcquireRequest(id: string | null) {
  return useQuery({
    queryKey: ['acquire-requests', 'one', id],
    queryFn: async () =>
      (await api(`admin/opportunity-requests/${encodeURIComponent(id ?? '')}`, adminAcquireRequestResponse)).data,
    enabled: id !== null,
  });
}

/** POST /api/admin/opportunity-requests/:id/approve: the units to the member, the Q to the treasury. */
export const approveAcquire = (id: string) =>
  api(`admin/opportunity-requests/${encodeURIComponent(id)}/approve`, acquireDecision, { body: {} });

/** POST /api/admin/opportunity-requests/:id/reject {reason}: the Q and the units released. */
export const rejectAcquire = (id: string, reason: string) =>
  api(`admin/opportunity-requests/${encodeURIComponent(id)}/reject`, acquireDecision, { body: { reason } });

/**
 * After a decision: the requests, the pools (their units left), the Approvals queue and every screen that
 * shows what moved (the ledger, a member's file, the overview) ask again.
 */
export function useRefreshAfterAcquire() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['acquire-requests', 'pools', 'approvals', 'ledger', 'member', 'members', 'overview'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
