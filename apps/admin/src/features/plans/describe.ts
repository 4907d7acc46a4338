import { toFixed } from '@vault/contract/money';
import type { AdminPlan, AdminSubscription } from '@vault/contract/schemas/subscriptions';
import { formatAmount, formatUsd } from '../../lib/format';

/** The screen's tabs: the plans (a plan's subscribers under it), the renewals coming up, those that failed. */
export const PLAN_TABS = ['plans', 'upcoming', 'failed'] as const;
export type PlanTab = (typeof PLAN_TABS)[number];
export const TAB_LABELS: Record<PlanTab, string> = {
  plans: 'Plans',
  upcoming: 'Upcoming renewals',
  failed: 'Failed renewals',
};

/** A plan's subscribers: current ones (the server's default) or every one, ended ones too. */
export const SUBSCRIBER_FILTERS = ['active', 'all'] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];
export const SUBSCRIBER_FILTER_LABELS: Record<SubscriberFilter, string> = { active: 'Current', all: 'All, ended too' };

/** How far ahead the upcoming renewals look (the server allows 1-90 days). */
export const UPCOMING_WINDOWS = [7, 30, 90] as const;
export type UpcomingWindow = (typeof UPCOMING_WINDOWS)[number];

/**
 * The screen's state, as the address holds it (`?tab=&plan=&status=&days=&page=&limit=`): the tab, the plan
 * whose subscribers are shown (Plans tab), the subscribers' filter, the upcoming window, and the page of the
 * list shown.
 */
export type PlansState = {
  tab: PlanTab;
  plan: string | null;
  status: SubscriberFilter;
  days: UpcomingWindow;
  page: number;
  limit: number;
};
export const PLANS_DEFAULTS: PlansState = { tab: 'plans', plan: null, status: 'active', days: 7, page: 1, limit: 20 };

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};
const oneOf = <T extends string | number>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => String(option) === value) ?? fallback;

/** Reads the state from the address; anything unreadable takes its default. */
export function readPlansState(params: URLSearchParams): PlansState {
  const tab = oneOf(PLAN_TABS, params.get('tab'), PLANS_DEFAULTS.tab);
  const plan = params.get('plan');
  return {
    tab,
    plan: tab === 'plans' && plan && /^[\w-]{1,100}$/.test(plan) ? plan : null,
    status: oneOf(SUBSCRIBER_FILTERS, params.get('status'), PLANS_DEFAULTS.status),
    days: oneOf(UPCOMING_WINDOWS, params.get('days'), PLANS_DEFAULTS.days),
    page: positive(params.get('page'), 1, 100_000),
    limit: positive(params.get('limit'), PLANS_DEFAULTS.limit, 100),
  };
}

/** The address of a state: only what differs from the defaults. */
export function plansParams(state: PlansState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['tab', 'plan', 'status', 'days', 'page', 'limit'] as const) {
    const value = state[key];
    if (value !== null && value !== PLANS_DEFAULTS[key]) params.set(key, String(value));
  }
  return params;
}

/** A price in USD ("$1,250.00") and the same figure in Q, the vault currency (1 Q = 1 USD): "1,250.00 Q". */
export const priceUsd = (price: string) => formatUsd(price);
export const priceQ = (price: string) => `${formatAmount(toFixed(price, 2))} Q`;

/** A plan's state: offered, or retired (its subscribers keep it until their paid period ends). */
export const planStatus = (plan: AdminPlan) =>
  plan.retiredAt ? { tone: 'neutral' as const, label: 'Retired' } : { tone: 'success' as const, label: 'Active' };

const END_REASONS: Record<NonNullable<AdminSubscription['endReason']>, string> = {
  cancelled: 'cancelled by the member',
  oneTime: 'One time, not renewed',
  renewalFailed: 'renewal failed (not enough Q)',
  planRetired: 'plan retired',
};

type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

/**
 * Where a subscription stands, in a word and a tone, with what explains it: ended (and why), a failed renewal
 * in its grace period, cancelled (access until renewOn), or active.
 */
export function subscriptionState(s: AdminSubscription): { tone: Tone; label: string; detail: string | null } {
  if (s.status === 'ended')
    return { tone: 'neutral', label: 'Ended', detail: s.endReason ? `Ended: ${END_REASONS[s.endReason]}` : null };
  if (s.renewalFailedAt) return { tone: 'danger', label: 'In grace', detail: 'Renewal failed: not enough Q' };
  if (s.isCancelled) return { tone: 'warning', label: 'Cancelled', detail: 'Ends at its renewal date' };
  return { tone: 'success', label: 'Active', detail: null };
}

/** Recurring (renews itself) or One time; Lifetime has no renewal at all. */
export const renewalKind = (s: AdminSubscription) =>
  s.plan.duration === 'lifetime' ? 'Lifetime' : s.isRenewable ? 'Recurring' : 'One time';
