import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import { adminReason, listOf } from './common.ts';
import { userInfo } from './user.ts';

/**
 * Subscriptions (issue 16; spec 2 §2 Subscriptions, §3 Subscription plan / User subscription / Subscription
 * request / Subscription log, §4, §5, §7; spec 1 §7 `subscription/user-subscriptions`). Field names are the
 * spec's. Plans are priced in USD and paid in the vault currency, Q (1 Q = 1 USD): `priceUSD` is also the
 * number of Q paid. The server decides the price and the period; what a client sends as `paymentAmount`,
 * `amount` or `renewOn` is ignored. Money is a decimal string (money.ts); dates are ISO 8601 UTC.
 */

/** Spec 2 §9: the Q wallet is the vault currency for payments. */
export const VAULT_CURRENCY = 'Q';
/**
 * How long one paid period lasts. Spec 2 §3 names month and lifetime ("others"); a lifetime plan is paid
 * once and never renews.
 */
export const PLAN_DURATIONS = ['month', 'quarter', 'year', 'lifetime'] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];
/** Calendar months per period (lifetime: none). */
export const DURATION_MONTHS: Record<PlanDuration, number | null> = { month: 1, quarter: 3, year: 12, lifetime: null };
/** How a card shows the duration (spec 2 §9: 'month' is shown as Monthly). */
export const DURATION_LABEL: Record<PlanDuration, string> = {
  month: 'Monthly',
  quarter: 'Quarterly',
  year: 'Yearly',
  lifetime: 'Lifetime',
};
/** Spec 2 §9: the Level 1 lifetime plan has a special title (the demo seeds it) and no Recurring option. */
export const LEVEL_1_LIFETIME_TITLE = 'Level 1 Lifetime Membership';

/** Whether the settlement dialog offers Recurring for a plan: never for a lifetime plan (spec 2 §4, §9). */
export const offersRecurring = (plan: { duration: PlanDuration }) => plan.duration !== 'lifetime';

/**
 * The end of period `n` (1 = the first paid period) of a subscription that started at `start`: `start` plus n
 * periods in calendar months, UTC, the day clamped to the month's last (31 January + 1 month = 28/29
 * February, + 2 months = 31 March): counted from the start each time, so periods never drift. Null for
 * lifetime.
 */
export function periodEnd(start: Date, duration: PlanDuration, n: number): Date | null {
  const months = DURATION_MONTHS[duration];
  if (months === null) return null;
  const total = start.getUTCMonth() + months * n;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const end = new Date(start);
  end.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return end;
}

const decimal = z.string();
const id = z.string();

// ── Plans (GET /package; the back office's plans) ─────────────────────────────────────────────────────

/** Spec 2 §3 Subscription plan: _id, title, logo, priceUSD, duration; plus what the card shows. */
export const subscriptionPlan = z.object({
  _id: id,
  title: z.string(),
  /** A path of this site or an https URL. */
  logo: z.string(),
  /** USD, 2 decimals; also the Q paid (1 Q = 1 USD). */
  priceUSD: decimal,
  /** The card's "value in vault currency": the same figure in Q. */
  priceQ: decimal,
  duration: z.enum(PLAN_DURATIONS),
  /** 'Monthly' for month (spec 2 §9). */
  durationLabel: z.string(),
  /** False for lifetime plans: the settlement dialog offers One time only. */
  offersRecurring: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;
export const plansResponse = z.object({ data: z.array(subscriptionPlan) });

// ── Subscribe (POST /subscription) ────────────────────────────────────────────────────────────────────

const ignoredMoney = z.union([z.string().max(40), z.number()]).optional();
/**
 * Spec 2 §3 Subscription request: {planId, paymentAmount, renewOn, amount, mandate, type, isRenewable}.
 * `isRenewable` true is Recurring, false One time. `type` says how it is paid: 'subscription' (spec 2 §9's
 * payment type) or 'nativeToken' (the settlement method, as the Subscription log names it); both mean vault
 * dollars (CQR Dollar, the Q wallet), the only settlement of a subscription (spec 2 §2). Anything else is 400. `paymentAmount`, `amount` and `renewOn` are accepted for the spec's
 * client and ignored: the server charges the plan's price and computes the period. `mandate` (a direct-debit
 * mandate in other settlement methods) is accepted and ignored.
 */
export const subscribeBody = z.object({
  planId: z.string({ error: messages.subscriptionPlanUnknown }).min(1, messages.subscriptionPlanUnknown).max(100),
  isRenewable: z.boolean().default(false),
  type: z
    .enum(['subscription', 'nativeToken'], { error: messages.subscriptionOnlyVaultDollars })
    .default('subscription'),
  paymentAmount: ignoredMoney,
  amount: ignoredMoney,
  renewOn: z.string().max(100).nullable().optional(),
  mandate: z.string().max(200).nullable().optional(),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** Spec 2 §3 User subscription: planId, subscriptionOn, renewOn, isCancelled, _id; plus what the list shows. */
export const userSubscription = z.object({
  _id: id,
  planId: id,
  plan: subscriptionPlan,
  /** When it started. */
  subscriptionOn: z.string(),
  /** End of the paid period: renewed then (Recurring, not cancelled) or ends then. Null for lifetime. */
  renewOn: z.string().nullable(),
  isCancelled: z.boolean(),
  /** Recurring (true) or One time (false). */
  isRenewable: z.boolean(),
  /** How it is paid: vault dollars ('nativeToken', shown as CQR Dollar). */
  paymentMethod: z.enum(['nativeToken']),
  /** What each period costs this member: the plan's price when they subscribed (USD = Q). */
  priceUSD: decimal,
  /** active: current; ended: past its renewOn without renewal (history only). */
  status: z.enum(['active', 'ended']),
  /** Spec 2 §4: lifetime and cancelled subscriptions have no cancel button. */
  canCancel: z.boolean(),
  /** A renewal that failed for lack of Q: when, and until when it is retried (ordinary members). */
  renewalFailedAt: z.string().nullable(),
  graceUntil: z.string().nullable(),
});
export type UserSubscription = z.infer<typeof userSubscription>;

/** POST /subscription → message and the updated user (spec 2 §7), and the new subscription. */
export const subscribeResponse = z.object({ message: z.string(), user: userInfo, data: userSubscription });
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

/** GET subscription/user-subscriptions → data: the member's current subscriptions, newest first. */
export const userSubscriptionsResponse = z.object({ data: z.array(userSubscription) });

/** POST /subscription/cancel/{id}: the member's own subscription (anyone else's is 404). */
export const subscriptionIdParams = z.object({ id: z.string().max(100) });
export const cancelSubscriptionResponse = z.object({ message: z.string(), data: userSubscription });

// ── History (GET /subscription-log) ───────────────────────────────────────────────────────────────────

/** Spec 2 §3 Subscription log: paymentMethod ('nativeToken', shown as CQR Dollar), paymentAmount, createdAt. */
export const PAYMENT_METHOD_LABEL = { nativeToken: 'CQR Dollar' } as const;
export const subscriptionLog = z.object({
  _id: id,
  paymentMethod: z.enum(['nativeToken']),
  /** Q paid (= USD). */
  paymentAmount: decimal,
  createdAt: z.string(),
  /** The transaction-log type of the payment. */
  type: z.enum(['subscriptionPurchase', 'subscriptionRenew']),
  subscriptionId: id,
  plan: z.object({ _id: id, title: z.string(), logo: z.string() }),
  /** The period it paid for (periodEnd null: lifetime). */
  periodStart: z.string(),
  periodEnd: z.string().nullable(),
  entryId: id,
});
export type SubscriptionLog = z.infer<typeof subscriptionLog>;
export const SUBSCRIPTION_LOG_PAGE_SIZE = 30;
export const subscriptionLogQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(SUBSCRIPTION_LOG_PAGE_SIZE),
});
export const subscriptionLogResponse = listOf(subscriptionLog);

// ── Back office (issue 16 item 7) ─────────────────────────────────────────────────────────────────────

const planTitle = z
  .string({ error: messages.planTitleRequired })
  .trim()
  .min(2, messages.planTitleRequired)
  .max(100, messages.planTitleRequired);
/**
 * A path of this site only: the security policy loads no image from elsewhere (img-src 'self'), and a logo
 * fetched from another host would tell it who looks at the plans.
 */
const planLogo = z
  .string({ error: messages.planLogoInvalid })
  .trim()
  .max(500, messages.planLogoInvalid)
  .regex(/^\/[^\s/][^\s]*$/, messages.planLogoInvalid);
const planPrice = z
  .string({ error: messages.planPriceInvalid })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, messages.planPriceInvalid)
  .refine((v) => /[1-9]/.test(v), messages.planPriceInvalid);

/** A new plan. The duration is fixed once made: a different period is a different plan. */
export const createPlanBody = z.object({
  title: planTitle,
  logo: planLogo,
  priceUSD: planPrice,
  duration: z.enum(PLAN_DURATIONS, { error: messages.planDurationInvalid }),
});
export type CreatePlanBody = z.infer<typeof createPlanBody>;
/**
 * Any of title, logo, price (at least one). A new price applies to new subscriptions; existing ones renew
 * at the price their member agreed to.
 */
export const updatePlanBody = z
  .strictObject({ title: planTitle.optional(), logo: planLogo.optional(), priceUSD: planPrice.optional() })
  .refine((b) => Object.keys(b).length > 0, { message: messages.catalogueNothingToChange });
export type UpdatePlanBody = z.infer<typeof updatePlanBody>;
export const retirePlanBody = z.object({ reason: adminReason });
export const planIdParams = z.object({ id: z.string().max(100) });

export const adminPlan = subscriptionPlan.extend({
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Current subscriptions (not ended), of which recurring and not cancelled. */
  subscribers: z.number().int(),
  recurring: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlan>;
export const adminPlansResponse = z.object({ data: z.array(adminPlan) });
export const adminPlanResponse = z.object({ message: z.string(), data: adminPlan });

const member = z.object({ id: z.string(), email: z.string(), name: z.string() });
/** One member's subscription as the back office lists it. */
export const adminSubscription = userSubscription.extend({
  member,
  /** Why it ended: cancelled by the member, One time, renewal failed, the plan retired. */
  endReason: z.enum(['cancelled', 'oneTime', 'renewalFailed', 'planRetired']).nullable(),
  endedAt: z.string().nullable(),
});
export type AdminSubscription = z.infer<typeof adminSubscription>;
export const adminSubscriptionsResponse = listOf(adminSubscription);

const page = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};
/** A plan's subscribers: current ones by default, or every one. */
export const planSubscribersQuery = z.object({ ...page, status: z.enum(['active', 'all']).default('active') });
/** Recurring subscriptions due within `days` (1-90, default 7), soonest first. */
export const upcomingRenewalsQuery = z.object({ ...page, days: z.coerce.number().int().min(1).max(90).default(7) });
/** Renewals that failed for lack of Q: in their grace period, or ended by it; newest first. */
export const failedRenewalsQuery = z.object({ ...page });
