import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueResponse } from '@vault/contract/schemas/catalogue-admin';
import { actionsResponse } from '@vault/contract/schemas/maker-checker';
import { adminAcquireRequestsResponse } from '@vault/contract/schemas/opportunities';
import { adminRedemptionsResponse } from '@vault/contract/schemas/redemption';
import { sendRequestsResponse } from '@vault/contract/schemas/wallet';
import { api, queryString } from '../../lib/api';

/** The queue's filter, as the address holds it (`?kind=`): every pending item, or one kind. */
export const APPROVAL_KINDS = ['all', 'send', 'swap', 'redeem', 'acquire', 'second'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const KIND_LABELS: Record<ApprovalKind, string> = {
  all: 'All',
  send: 'Send requests',
  swap: 'Swap requests',
  redeem: 'Redeem requests',
  acquire: 'Acquire requests',
  second: 'Second approval',
};

export const readKind = (params: URLSearchParams): ApprovalKind => {
  const kind = params.get('kind');
  return (APPROVAL_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ApprovalKind) : 'all';
};

/** How many pending requests the queue shows at once (the API's maximum): the queue is meant to be emptied. */
export const REQUESTS_LIMIT = 500;
/** Waiting actions a page (the API's maximum). */
export const ACTIONS_LIMIT = 100;

/** GET /api/admin/requests?status=pending: members' sdira send and swap requests waiting for a decision. */
/** Pending redeem requests the queue shows at once (the API's maximum); the count says when there are more. */
export const REDEMPTIONS_LIMIT = 100;

/**
 * GET /api/admin/redemptions?status=pending (issue 14 item 6): the redeem requests waiting for a decision, with
 * the member's lots, the network and target account and the payout's state. They are decided at
 * /admin/redemptions (a payout, a wire, a holding period to look at): a row opens the request there.
 */
export function usePendingRedemptions(enabled: boolean) {
  return useQuery({
    queryKey: ['approvals', 'redemptions'],
    queryFn: () =>
      api(`admin/redemptions${queryString({ status: 'pending', limit: REDEMPTIONS_LIMIT })}`, adminRedemptionsResponse),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

/** Pending acquire requests the queue shows at once (the API's maximum); the count says when there are more. */
export const ACQUIRE_LIMIT = 100;

/**
 * GET /api/admin/opportunity-requests?status=pending (issue 17 item 7): members' requests for units of an
 * opportunity pool, waiting for a decision. They are decided at /admin/acquire-requests: a row opens it there.
 */
export function usePendingAcquireRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['approvals', 'acquire'],
    queryFn: () =>
      api(
        `admin/opportunity-requests${queryString({ status: 'pending', limit: ACQUIRE_LIMIT })}`,
        adminAcquireRequestsResponse,
      ),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function usePendingRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['approvals', 'requests'],
    queryFn: async () =>
      (await api(`admin/requests${queryString({ status: 'pending', limit: REQUESTS_LIMIT })}`, sendRequestsResponse))
        .data,
    enabled,
    placeholderData: keepPreviousData,
    // A queue others work on too: asked again every 30 seconds while the screen is open (and on focus).
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/actions?status=pending: money actions waiting for a second administrator. */
export function usePendingActions(enabled: boolean) {
  return useQuery({
    queryKey: ['approvals', 'actions'],
    queryFn: () => api(`admin/actions${queryString({ status: 'pending', limit: ACTIONS_LIMIT })}`, actionsResponse),
    enabled,
    placeholderData: keepPreviousData,
    // A queue others work on too: asked again every 30 seconds while the screen is open (and on focus).
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/catalogue: the current prices, to value a request as the maker-checker will. */
export function usePrices(enabled: boolean) {
  return useQuery({
    queryKey: ['approvals', 'prices'],
    queryFn: async () => {
      const { data } = await api('admin/catalogue', catalogueResponse);
      return new Map([...data.tokens, ...data.coins].map((asset) => [asset.coinSymbol, asset.price]));
    },
    enabled,
    staleTime: 60_000,
  });
}

/**
 * After a decision: the queue, and every screen that shows what it moved (the ledger, a member's file, the
 * overview's pending counts), asks again.
 */
export function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['approvals', 'ledger', 'member', 'members', 'overview'].map((key) =>
        queryClient.invalidateQueries({ queryKey: [key] }),
      ),
    );
}
