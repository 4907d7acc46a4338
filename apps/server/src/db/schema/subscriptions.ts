import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.ts';
import { users } from './members.ts';

/** Subscriptions (issue 16, decision 0016): plans, members' subscriptions and what each period paid (db/schema.ts). */

/** Spec 2 §3 Subscription plan. Never deleted: a retired plan is hidden from new subscribers only. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    logo: text('logo').notNull(),
    /** USD to the cent; paid as the same number of Q (1 Q = 1 USD). */
    priceUsd: money('price_usd').notNull(),
    duration: text('duration', { enum: ['month', 'quarter', 'year', 'lifetime'] }).notNull(),
    retiredAt: ts('retired_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('subscription_plans_price_positive', sql`${t.priceUsd} > 0 and ${t.priceUsd} = round(${t.priceUsd}, 2)`),
  ],
);

/**
 * A member's subscription (spec 2 §3 User subscription). Current while `ended_at` is null; the paid period
 * runs to `renew_on` (null: lifetime), which is `subscription_on` plus `periods_paid` periods. The price is
 * the plan's when the member subscribed: renewals charge what they agreed to.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    /** Recurring (renewed at renew_on while not cancelled) or One time. */
    isRenewable: boolean('is_renewable').notNull(),
    priceUsd: money('price_usd').notNull(),
    subscriptionOn: ts('subscription_on').notNull(),
    renewOn: ts('renew_on'),
    periodsPaid: integer('periods_paid').notNull().default(1),
    isCancelled: boolean('is_cancelled').notNull().default(false),
    cancelledAt: ts('cancelled_at'),
    /** The first renewal of the current period refused for lack of Q (ordinary members: retried in grace). */
    renewalFailedAt: ts('renewal_failed_at'),
    endedAt: ts('ended_at'),
    endReason: text('end_reason', { enum: ['cancelled', 'oneTime', 'renewalFailed', 'planRetired'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_subscriptions_user_idx').on(t.userId, t.createdAt),
    index('user_subscriptions_plan_idx').on(t.planId),
    // The job's scan: current subscriptions whose period is over.
    index('user_subscriptions_due_idx').on(t.renewOn).where(sql`${t.endedAt} is null`),
    // One current subscription per member and plan (two subscribes at once: one wins).
    uniqueIndex('user_subscriptions_one_current').on(t.userId, t.planId).where(sql`${t.endedAt} is null`),
    check('user_subscriptions_price_positive', sql`${t.priceUsd} > 0`),
    check('user_subscriptions_periods', sql`${t.periodsPaid} >= 1`),
    check('user_subscriptions_ended', sql`(${t.endedAt} is null) = (${t.endReason} is null)`),
  ],
);

/**
 * Each payment of a subscription (spec 2 §3 Subscription log): the purchase and every renewal, written in
 * the transaction of its ledger entry (`entry_id` unique), so a payment row exists exactly when the money
 * moved. (subscription, period) unique: a period is paid once.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => userSubscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['subscriptionPurchase', 'subscriptionRenew'] }).notNull(),
    paymentMethod: text('payment_method', { enum: ['nativeToken'] })
      .notNull()
      .default('nativeToken'),
    amount: money('amount').notNull(),
    period: integer('period').notNull(),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end'),
    entryId: uuid('entry_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscription_payments_period_key').on(t.subscriptionId, t.period),
    check('subscription_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);
