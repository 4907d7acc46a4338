import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import {
  offersRecurring,
  periodEnd,
  type SubscribeBody,
  type UserSubscription,
  VAULT_CURRENCY,
} from '@vault/contract/schemas/subscriptions';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { subscriptionPayments, subscriptionPlans, userSubscriptions } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { type Ledger, move, revenue } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { User } from '../auth/sessions.ts';
import { findLiveById } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { toUserInfo } from '../user/presenter.ts';
import { subscriptionLog } from './payments.ts';
import {
  activeNow,
  endIn,
  endWithoutRenewal,
  isUuid,
  lockMember,
  refreshSubscriberFlag,
  subscriptionWithPlan,
  toUserSubscription,
} from './records.ts';

type Idempotency = { key: string; requestHash: string };
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A member's subscriptions (issue 16, decision 0016): subscribe (the first period paid from Q to revenue in
 * one ledger entry, with the member's Idempotency-Key), the current list, cancel. The server decides the price
 * (the plan's, now) and the period (periodEnd); renewals are renewals.ts's.
 */
export function subscriptionService(ctx: Context, deps: { ledger: Ledger; notifications: NotificationService }) {
  const { db } = ctx;
  const { ledger, notifications } = deps;

  async function planFor(body: SubscribeBody) {
    const [plan] = isUuid(body.planId)
      ? await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, body.planId))
      : [];
    const fields = (message: string) => ({ planId: message });
    if (!plan)
      throw badRequest(messages.subscriptionPlanUnknown, 'PLAN_UNAVAILABLE', fields(messages.subscriptionPlanUnknown));
    if (plan.retiredAt)
      throw badRequest(messages.subscriptionPlanRetired, 'PLAN_UNAVAILABLE', fields(messages.subscriptionPlanRetired));
    if (body.isRenewable && !offersRecurring(plan))
      throw badRequest(messages.subscriptionLifetimeNotRecurring, 'PLAN_NOT_RECURRING', {
        isRenewable: messages.subscriptionLifetimeNotRecurring,
      });
    return plan;
  }

  return {
    /**
     * POST /subscription. Checks in order: membership data (the route's gate, 403), an activated vault (403),
     * the plan (offered, Recurring only where offered), one current subscription per plan (409), then the
     * payment, whose overdraft the ledger refuses (400 'Insufficient balance'). What the body says about the
     * amount or the renewal date is ignored.
     */
    async subscribe(me: User, body: SubscribeBody, idempotency?: Idempotency) {
      if (!me.isWalletActivated) throw forbidden(messages.activateFirst, 'NOT_ACTIVATED');
      const plan = await planFor(body);
      // 1 Q = 1 USD (spec 2 §9): the plan's priceUSD is the number of Q paid.
      const price = normalize(plan.priceUsd);
      const data = await ledger.transact(
        async (tx): Promise<UserSubscription> => {
          await lockMember(tx.db, me.id);
          const now = new Date();
          const [current] = await tx.db
            .select()
            .from(userSubscriptions)
            .where(
              and(
                eq(userSubscriptions.userId, me.id),
                eq(userSubscriptions.planId, plan.id),
                sql`${userSubscriptions.endedAt} is null`,
              ),
            );
          if (current) {
            // A period that is over and will not renew ends here, if the job has not ended it yet.
            const over = current.renewOn !== null && current.renewOn <= now;
            const reason = over ? endWithoutRenewal(current, plan) : null;
            if (reason) await endIn(tx.db, current, reason, current.renewOn!);
            else if (current.renewOn === null)
              throw conflict(messages.subscriptionAlreadyActiveLifetime, 'ALREADY_SUBSCRIBED');
            else
              throw conflict(
                fillMessage(messages.subscriptionAlreadyActive, { date: day(current.renewOn) }),
                'ALREADY_SUBSCRIBED',
              );
          }
          const id = newId();
          const [row] = await tx.db
            .insert(userSubscriptions)
            .values({
              id,
              userId: me.id,
              planId: plan.id,
              isRenewable: body.isRenewable,
              priceUsd: price,
              subscriptionOn: now,
              renewOn: periodEnd(now, plan.duration, 1),
              periodsPaid: 1,
            })
            .returning();
          const { entryId } = await tx.post({
            kind: 'subscriptionPayment',
            legs: move({ userId: me.id }, revenue, VAULT_CURRENCY, price),
            createdBy: me.id,
            metadata: { subscriptionId: id, planId: plan.id, period: 1, logType: 'subscriptionPurchase' },
          });
          await tx.db.insert(subscriptionPayments).values({
            id: newId(),
            subscriptionId: id,
            userId: me.id,
            kind: 'subscriptionPurchase',
            amount: price,
            period: 1,
            periodStart: now,
            periodEnd: row!.renewOn,
            entryId,
          });
          await refreshSubscriberFlag(tx.db, me.id);
          await notifications.notify(
            me.id,
            fillMessage(messages.subscribedNotice, { title: plan.title, amount: price }),
            tx.db,
          );
          await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
          return toUserSubscription(row!, plan);
        },
        { key: idempotency && { userId: me.id, ...idempotency } },
      );
      const user = (await findLiveById(db, me.id)) ?? me;
      return { message: fillMessage(messages.subscribed, { title: plan.title }), user: toUserInfo(user), data };
    },

    /** GET /subscription-log: the member's payments, newest first. */
    history: (me: User, page: number, limit: number) => subscriptionLog(db, me.id, page, limit),

    /** GET subscription/user-subscriptions: the member's active subscriptions, newest first. */
    async current(me: User) {
      const rows = await db
        .select({ sub: userSubscriptions, plan: subscriptionPlans })
        .from(userSubscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
        .where(and(eq(userSubscriptions.userId, me.id), activeNow))
        .orderBy(desc(userSubscriptions.createdAt), desc(userSubscriptions.id));
      return { data: rows.map((r) => toUserSubscription(r.sub, r.plan)) };
    },

    /**
     * POST /subscription/cancel/{id}: no renewal any more; access stays until renewOn. Another member's id,
     * an unknown one and a malformed one are the same 404; lifetime (nothing to cancel) 400; cancelled or
     * ended 409.
     */
    async cancel(me: User, id: string) {
      if (!isUuid(id)) throw notFound();
      return db.transaction(async (tx) => {
        await lockMember(tx, me.id);
        const found = await subscriptionWithPlan(tx, id, true);
        if (!found || found.sub.userId !== me.id) throw notFound();
        const { sub, plan } = found;
        const waitingForRenewal = sub.isRenewable && !sub.isCancelled;
        if (sub.endedAt || (sub.renewOn && sub.renewOn <= new Date() && !waitingForRenewal))
          throw conflict(messages.subscriptionNotCurrent, 'SUBSCRIPTION_ENDED');
        if (sub.renewOn === null)
          throw badRequest(messages.subscriptionLifetimeNoCancel, 'SUBSCRIPTION_NOT_CANCELLABLE');
        if (sub.isCancelled) throw conflict(messages.subscriptionAlreadyCancelled, 'SUBSCRIPTION_CANCELLED');
        const [row] = await tx
          .update(userSubscriptions)
          .set({ isCancelled: true, cancelledAt: new Date() })
          .where(eq(userSubscriptions.id, sub.id))
          .returning();
        return {
          message: fillMessage(messages.subscriptionCancelled, { date: day(sub.renewOn) }),
          data: toUserSubscription(row!, plan),
        };
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof subscriptionService>;
