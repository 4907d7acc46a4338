import type { UserSubscription } from '@vault/contract/schemas/subscriptions';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

// The same plugin lib/date-time extends with; extending twice is harmless, and this module must not rely on
// another having been loaded first.
dayjs.extend(advancedFormat);

/** A day of a subscription's life ('December 23rd 2026'): periods are counted in days, not hours. */
export const formatDay = (iso: string) => dayjs(iso).format('MMMM Do YYYY');

export type StatusTone = 'success' | 'warning' | 'danger';

/** What the current list says of a subscription: a badge, and the date that matters next. */
export type SubscriptionStatus = {
  label: string;
  tone: StatusTone;
  /** The second date's term ('Renews on', 'Ends on', 'Access until'), with the date; null for lifetime. */
  until: { term: string; iso: string } | null;
  /** One sentence more when the member has something to do or to know. */
  note: string | null;
};

/**
 * Read from the row the server sends (decision 0016): a lifetime plan never ends; a failed renewal keeps
 * access during its grace period; a cancelled one keeps access until the end of the period paid; otherwise
 * a Recurring one renews and a One time one ends at renewOn.
 */
export function subscriptionStatus(s: UserSubscription): SubscriptionStatus {
  if (s.renewOn === null)
    return { label: 'Active', tone: 'success', until: null, note: 'Lifetime: paid once, never ends.' };
  if (s.renewalFailedAt && s.graceUntil) {
    return {
      label: 'Renewal failed',
      tone: 'danger',
      until: { term: 'Access until', iso: s.graceUntil },
      note: `Your Q balance did not cover the renewal. Top up by ${formatDay(s.graceUntil)}: it is tried again until then, and the subscription ends if it still fails.`,
    };
  }
  if (s.isCancelled) {
    return {
      label: 'Cancelled',
      tone: 'warning',
      until: { term: 'Access until', iso: s.renewOn },
      note: 'It will not renew. You can still acquire opportunity tokens until then.',
    };
  }
  return s.isRenewable
    ? { label: 'Active', tone: 'success', until: { term: 'Renews on', iso: s.renewOn }, note: null }
    : { label: 'Active', tone: 'success', until: { term: 'Ends on', iso: s.renewOn }, note: null };
}

/** Badge colours (docs/ui.md: success, warning, danger on their soft fills). */
export const TONE_CLASS: Record<StatusTone, string> = {
  success: 'bg-success-soft text-success ring-success/20',
  warning: 'bg-warning-soft text-warning ring-warning/20',
  danger: 'bg-danger-soft text-danger ring-danger/20',
};
