import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  plansResponse,
  SUBSCRIPTION_LOG_PAGE_SIZE,
  subscriptionLogResponse,
  userSubscriptionsResponse,
} from '@vault/contract/schemas/subscriptions';
import { api } from '../../lib/api';
import { WALLET_QUERY_ROOT } from '../../lib/wallet-data';

/**
 * Subscriptions' reads (issue 16). Answers are parsed with the contract's schemas, so a changed server shape
 * fails here rather than deep in a screen. The member's subscriptions and payments live under the wallet
 * root: a payment (a subscribe here or elsewhere, a renewal by the job) is a balance change, and the realtime
 * bridge refreshes everything under that root when a balance changes, so these lists follow it live.
 */
export const subscriptionKeys = {
  plans: ['subscription', 'plans'] as const,
  current: [...WALLET_QUERY_ROOT, 'subscriptions', 'current'] as const,
  logRoot: [...WALLET_QUERY_ROOT, 'subscriptions', 'log'] as const,
  log: (page: number) => [...WALLET_QUERY_ROOT, 'subscriptions', 'log', page] as const,
};

/** GET /package: the plans offered, cheapest first. */
export const usePlans = () =>
  useQuery({
    queryKey: subscriptionKeys.plans,
    queryFn: async () => plansResponse.parse(await api('package')).data,
  });

/** GET subscription/user-subscriptions: the member's current subscriptions, newest first. */
export const useCurrentSubscriptions = () =>
  useQuery({
    queryKey: subscriptionKeys.current,
    queryFn: async () => userSubscriptionsResponse.parse(await api('subscription/user-subscriptions')).data,
  });

/** GET /subscription-log: one page of the member's subscription payments, newest first. */
export const useSubscriptionLog = (page: number) =>
  useQuery({
    queryKey: subscriptionKeys.log(page),
    queryFn: async () =>
      subscriptionLogResponse.parse(
        await api(
          `subscription-log?${new URLSearchParams({ page: String(page), limit: String(SUBSCRIPTION_LOG_PAGE_SIZE) })}`,
        ),
      ),
    placeholderData: keepPreviousData,
  });
