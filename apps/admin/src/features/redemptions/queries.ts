import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BACKOFFICE_PAGE_SIZE } from '@vault/contract/schemas/backoffice';
import {
  adminRedemptionResponse,
  adminRedemptionsResponse,
  REDEMPTION_STATUS_LABELS,
  REDEMPTION_STATUSES,
} from '@vault/contract/schemas/redemption';
import { api, queryString } from '../../lib/api';

/** The list's status filter: one of the contract's statuses, or every request (no `status` sent). */
export const REDEMPTION_FILTERS = [...REDEMPTION_STATUSES, 'all'] as const;
export type RedemptionFilter = (typeof REDEMPTION_FILTERS)[number];
export const FILTER_LABELS: Record<RedemptionFilter, string> = { ...REDEMPTION_STATUS_LABELS, all: 'All' };

/** The redemptions list's state, as the address holds it (`?status=&page=&limit=`): pending requests first. */
export type RedemptionsListState = { status: RedemptionFilter; page: number; limit: number };
export const REDEMPTIONS_DEFAULTS: RedemptionsListState = { status: 'pending', page: 1, limit: BACKOFFICE_PAGE_SIZE };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** Reads the state from the address; anything unreadable takes its default. */
export function readRedemptionsState(params: URLSearchParams): RedemptionsListState {
  const status = params.get('status') ?? '';
  return {
    status: (REDEMPTION_FILTERS as readonly string[]).includes(status)
      ? (status as RedemptionFilter)
      : REDEMPTIONS_DEFAULTS.status,
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), REDEMPTIONS_DEFAULTS.limit, 100),
  };
}

/** The address of a list state: only what differs from the defaults. */
export function redemptionsParams(state: RedemptionsListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['status', 'page', 'limit'] as const) {
    if (state[key] !== REDEMPTIONS_DEFAULTS[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** GET /api/admin/redemptions?status&page&limit: a page of members' redeem requests. */
export function useRedemptions(state: RedemptionsListState) {
  return useQuery({
    queryKey: ['redemptions', 'list', state],
    queryFn: () =>
      api(
        `admin/redemptions${queryString({ status: state.status === 'all' ? undefined : state.status, page: state.page, limit: state.limit })}`,
        adminRedemptionsResponse,
      ),
    placeholderData: keepPreviousData,
    // Requests arrive and expire while the screen is open: asked again every 30 seconds (and on focus).
    refetchInterval: 30_000,
  });
}

/**
 * After a decision: the redemptions, and every screen that shows what it moved (the ledger, the approvals
 * queue, a member's file, the overview) asks again.
 */
export function useRefreshAfterRedemption() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['redemptions', 'ledger', 'approvals', 'member', 'members', 'overview'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

/** GET /api/admin/redemptions/:id: the request the address opens (`?open=`), wherever it is in the list. */
export function useRedemption(id: string | null) {
  return useQuery({
    queryKey: ['redemptions', 'one', id],
    queryFn: async () => (await api(`admin/redemptions/${encodeURIComponent(id ?? '')}`, adminRedemptionResponse)).data,
    enabled: id !== null,
  });
}
