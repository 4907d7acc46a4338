import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OUTBOX_LIMITS, outboxResponse } from '@vault/contract/schemas/backoffice';
import { api, queryString } from '../../lib/api';

export type OutboxLimit = (typeof OUTBOX_LIMITS)[number];
/** The outbox's filter, as the address holds it: mails to one address (or all), the newest `limit`. */
export type OutboxState = { to: string; limit: OutboxLimit };
export const OUTBOX_DEFAULTS: OutboxState = { to: '', limit: 50 };

export function readOutboxState(params: URLSearchParams): OutboxState {
  const limit = Number(params.get('limit'));
  return {
    to: (params.get('to') ?? '').trim().slice(0, 254),
    limit: (OUTBOX_LIMITS as readonly number[]).includes(limit) ? (limit as OutboxLimit) : OUTBOX_DEFAULTS.limit,
  };
}

export function outboxParams(state: OutboxState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.to) params.set('to', state.to);
  if (state.limit !== OUTBOX_DEFAULTS.limit) params.set('limit', String(state.limit));
  return params;
}

/**
 * GET /api/admin/outbox: the newest mails, codes and link tokens hidden by the server. Each read is itself
 * audited, so it is asked when the filter changes or on Refresh, not on a timer.
 */
export function useOutbox(state: OutboxState) {
  return useQuery({
    queryKey: ['outbox', state],
    queryFn: () => api(`admin/outbox${queryString(state)}`, outboxResponse),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
