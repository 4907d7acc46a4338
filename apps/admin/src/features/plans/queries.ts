import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPlanResponse,
  adminPlansResponse,
  adminSubscriptionsResponse,
  type CreatePlanBody,
  type UpdatePlanBody,
} from '@vault/contract/schemas/subscriptions';
import { api, queryString } from '../../lib/api';
import type { PlansState } from './describe';

export const planKeys = {
  all: ['plans'] as const,
  list: ['plans', 'list'] as const,
  subscribers: (plan: string, state: Pick<PlansState, 'status' | 'page' | 'limit'>) =>
    ['plans', 'subscribers', plan, state] as const,
  upcoming: (state: Pick<PlansState, 'days' | 'page' | 'limit'>) => ['plans', 'upcoming', state] as const,
  failed: (state: Pick<PlansState, 'page' | 'limit'>) => ['plans', 'failed', state] as const,
};

/** GET /api/admin/subscription-plans: every plan (retired ones last) with its current and recurring counts. */
export function usePlans() {
  return useQuery({
    queryKey: planKeys.list,
    queryFn: async () => (await api('admin/subscription-plans', adminPlansResponse)).data,
    // Members subscribe and end while the screen is open: the counts are asked again every minute (and on focus).
    refetchInterval: 60_000,
  });
}

/** GET /api/admin/subscription-plans/:id/subscribers?status&page&limit: a plan's subscriptions, newest first. */
export function usePlanSubscribers(plan: string | null, state: PlansState) {
  const { status, page, limit } = state;
  return useQuery({
    queryKey: planKeys.subscribers(plan ?? '', { status, page, limit }),
    queryFn: () =>
      api(
        `admin/subscription-plans/${encodeURIComponent(plan ?? '')}/subscribers${queryString({ status, page, limit })}`,
        adminSubscriptionsResponse,
      ),
    enabled: plan !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/subscriptions/upcoming?days&page&limit: recurring ones due within `days`, soonest first. */
export function useUpcomingRenewals(state: PlansState, enabled: boolean) {
  const { days, page, limit } = state;
  return useQuery({
    queryKey: planKeys.upcoming({ days, page, limit }),
    queryFn: () => api(`admin/subscriptions/upcoming${queryString({ days, page, limit })}`, adminSubscriptionsResponse),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** GET /api/admin/subscriptions/failed-renewals?page&limit: in grace or ended by it, newest first. */
export function useFailedRenewals(state: PlansState, enabled: boolean) {
  const { page, limit } = state;
  return useQuery({
    queryKey: planKeys.failed({ page, limit }),
    queryFn: () =>
      api(`admin/subscriptions/failed-renewals${queryString({ page, limit })}`, adminSubscriptionsResponse),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** After a change: the plans and every list showing them ask again (a retired plan's subscribers stay). */
export function useRefreshPlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}

/** POST /api/admin/subscription-plans. */
export function useCreatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: (body: CreatePlanBody) => api('admin/subscription-plans', adminPlanResponse, { body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/subscription-plans/:id: only what changed. */
export function useUpdatePlan() {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdatePlanBody }) =>
      api(`admin/subscription-plans/${encodeURIComponent(id)}`, adminPlanResponse, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/subscription-plans/:id/retire {reason}. */
export async function retirePlan(id: string, reason: string) {
  return api(`admin/subscription-plans/${encodeURIComponent(id)}/retire`, adminPlanResponse, { body: { reason } });
}
