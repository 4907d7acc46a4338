import { normalize } from '@vault/contract/money';
import {
  DURATION_LABEL,
  offersRecurring,
  type SubscriptionPlan,
  type UserSubscription,
} from '@vault/contract/schemas/subscriptions';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.ts';
import { setSubscriber } from '../members/accounts.ts';

/**
 * What every file of the subscriptions module shares (the owner of `subscription_plans`, `user_subscriptions`
 * and `subscription_payments`): rows as the contract shows them, the one definition of "active", the
 * per-member lock and the `isSubscriber` flag kept with it.
 */

export type Q = Db | Tx;
export type PlanRow = typeof subscriptionPlans.$inferSelect;
export type SubscriptionRow = typeof userSubscriptions.$inferSelect;

/** An ordinary member's failed renewal is tried again at every run for this long (decision 0016). */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;
/** The system idempotency key's source of renewals: one payment per subscription and period. */
export const RENEWAL_KEY_SOURCE = 'subscription-renewal';

export function toPlan(row: PlanRow): SubscriptionPlan {
  const price = normalize(row.priceUsd);
  return {
    _id: row.id,
    title: row.title,
    logo: row.logo,
    priceUSD: price,
    // 1 Q = 1 USD (spec 2 §9): the vault-currency price is the same figure.
    priceQ: price,
    duration: row.duration,
    durationLabel: DURATION_LABEL[row.duration],
    offersRecurring: offersRecurring(row),
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserSubscription(row: SubscriptionRow, plan: PlanRow): UserSubscription {
  return {
    _id: row.id,
    planId: row.planId,
    plan: toPlan(plan),
    subscriptionOn: row.subscriptionOn.toISOString(),
    renewOn: iso(row.renewOn),
    isCancelled: row.isCancelled,
    isRenewable: row.isRenewable,
    paymentMethod: 'nativeToken',
    priceUSD: normalize(row.priceUsd),
    status: row.endedAt ? 'ended' : 'active',
    canCancel: !row.endedAt && !row.isCancelled && row.renewOn !== null,
    renewalFailedAt: iso(row.renewalFailedAt),
    graceUntil:
      row.renewalFailedAt && row.renewOn ? new Date(row.renewOn.getTime() + RENEWAL_GRACE_MS).toISOString() : null,
  };
}

/**
 * Whether a subscription row gives access now: not ended, and its paid period not over, or over but waiting
 * for its renewal (recurring, not cancelled: the job renews it, or ends it once its grace is spent). A
 * cancelled or One time subscription stops exactly at renewOn, whether or not the job has ended it yet.
 */
export const activeNow = sql`${userSubscriptions.endedAt} is null and (${userSubscriptions.renewOn} is null
  or ${userSubscriptions.renewOn} > now()
  or (${userSubscriptions.isRenewable} and not ${userSubscriptions.isCancelled}))`;

/** The member has an active subscription (for a statement of another module, or the flag below). */
export const hasActiveSubscription = (userId: string) =>
  sql`exists (select 1 from ${userSubscriptions} where ${userSubscriptions.userId} = ${userId}::uuid and ${activeNow})`;

/**
 * Serialises every change of one member's subscriptions (subscribe, cancel, renew, end) in its transaction,
 * so the `isSubscriber` flag written at its end sees every other change of theirs committed.
 */
export const lockMember = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${userId}`}))`);

/** users.is_subscriber brought in line with the member's subscriptions, in the caller's transaction. */
export const refreshSubscriberFlag = (tx: Tx, userId: string) =>
  setSubscriber(tx, userId, hasActiveSubscription(userId));

/** One subscription with its plan; `forUpdate` locks the subscription's row. */
export async function subscriptionWithPlan(q: Q, id: string, forUpdate = false) {
  const query = q
    .select({ sub: userSubscriptions, plan: subscriptionPlans })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.id, id)));
  const [row] = forUpdate ? await query.for('update', { of: userSubscriptions }) : await query;
  return row;
}

/**
 * Ends a current subscription (`reason`) at `endedAt`, only if it is still current: of two runs at once, one
 * ends it. The member's flag follows in the same transaction (their lock held by the caller).
 */
export async function endIn(
  tx: Tx,
  row: SubscriptionRow,
  reason: NonNullable<SubscriptionRow['endReason']>,
  endedAt: Date,
) {
  const [ended] = await tx
    .update(userSubscriptions)
    .set({ endedAt, endReason: reason })
    .where(and(eq(userSubscriptions.id, row.id), sql`${userSubscriptions.endedAt} is null`))
    .returning();
  if (ended) await refreshSubscriberFlag(tx, row.userId);
  return ended;
}

/** Why a subscription whose paid period is over ends without renewal (null: it is renewed). */
export function endWithoutRenewal(
  row: SubscriptionRow,
  plan: PlanRow,
): NonNullable<SubscriptionRow['endReason']> | null {
  if (row.isCancelled) return 'cancelled';
  if (!row.isRenewable) return 'oneTime';
  if (plan.retiredAt) return 'planRetired';
  return null;
}

/** UUIDs only reach a uuid column: anything else is nobody's id (404, never a 500). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
