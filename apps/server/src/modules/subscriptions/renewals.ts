import { fillMessage, messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { periodEnd, VAULT_CURRENCY } from '@vault/contract/schemas/subscriptions';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { subscriptionPayments, userSubscriptions } from '../../db/schema.ts';
import { isLedgerError, type Ledger, move, revenue } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { emailOf, findLiveById } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import {
  endIn,
  endWithoutRenewal,
  lockMember,
  type PlanRow,
  RENEWAL_GRACE_MS,
  RENEWAL_KEY_SOURCE,
  type SubscriptionRow,
  subscriptionWithPlan,
} from './records.ts';

/** A renewal found its subscription changed since it was listed (ended, cancelled): nothing to pay. */
class Skip extends Error {}

type Outcome = 'renewed' | 'ended' | 'failed' | 'cancelled' | 'lapsed' | 'skipped';
const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Renewals (issue 16 item 3, decision 0016), run by the `renew-subscriptions` job. Each current subscription
 * whose paid period is over is, in its own transaction:
 * - renewed (Recurring, not cancelled, plan still offered): the next period paid from the member's Q to
 *   revenue, under the system idempotency key `subscription-renewal` / `<subscription>:<period>`, so two runs
 *   at once, or a run after a restart, pay each period once (the second waits on the key, then reads the
 *   first's answer; the row's guarded period number is a second guard);
 * - ended at its renewOn (cancelled, One time, plan retired), the member told;
 * - on a balance short of the price (the ledger's CHECK refuses the overdraft, nothing moves): a self-directed
 *   (sdira) member's subscription is cancelled and ended at once (spec 2 §4); an ordinary member's is tried
 *   again at every run for 3 days after renewOn, access kept, told once, then ended.
 */
export function renewalService(ctx: Context, deps: { ledger: Ledger; notifications: NotificationService }) {
  const { db } = ctx;
  const { ledger, notifications } = deps;
  /**
   * The member is told, and their open screens refresh (`walletUpdated`: the web keeps its subscription lists
   * under the wallet's keys), whether a period was paid, refused or ended: the list says so without a reload.
   */
  async function tell(tx: Tx, userId: string, template: string, values: Record<string, string>) {
    await notifications.notify(userId, fillMessage(template, values), tx);
    const email = await emailOf(tx, userId);
    if (email) await ctx.events.emit('walletUpdated', { userId, email }, tx);
  }

  /** The next period paid, once per (subscription, period). */
  async function renew(listed: SubscriptionRow) {
    const period = listed.periodsPaid + 1;
    return ledger.transact(
      async (tx) => {
        await lockMember(tx.db, listed.userId);
        const found = await subscriptionWithPlan(tx.db, listed.id, true);
        if (!found || found.sub.endedAt || found.sub.periodsPaid !== listed.periodsPaid) throw new Skip();
        const { sub, plan } = found;
        if (endWithoutRenewal(sub, plan)) throw new Skip();
        // 1 Q = 1 USD: the subscription's priceUSD (the plan's when the member subscribed) is the Q paid.
        const price = normalize(sub.priceUsd);
        const start = sub.renewOn!;
        const end = periodEnd(sub.subscriptionOn, plan.duration, period);
        const { entryId } = await tx.post({
          kind: 'subscriptionPayment',
          legs: move({ userId: sub.userId }, revenue, VAULT_CURRENCY, price),
          metadata: { subscriptionId: sub.id, planId: plan.id, period, logType: 'subscriptionRenew' },
        });
        await tx.db.insert(subscriptionPayments).values({
          id: newId(),
          subscriptionId: sub.id,
          userId: sub.userId,
          kind: 'subscriptionRenew',
          amount: price,
          period,
          periodStart: start,
          periodEnd: end,
          entryId,
        });
        await tx.db
          .update(userSubscriptions)
          .set({ periodsPaid: period, renewOn: end, renewalFailedAt: null })
          .where(eq(userSubscriptions.id, sub.id));
        await tell(tx.db, sub.userId, messages.subscriptionRenewedNotice, {
          title: plan.title,
          amount: price,
          date: end ? day(end) : '',
        });
        return { entryId, period };
      },
      { key: { source: RENEWAL_KEY_SOURCE, key: `${listed.id}:${period}` } },
    );
  }

  /** A renewal the balance did not cover: the written policy (decision 0016). */
  async function refused(listed: SubscriptionRow, now: Date): Promise<Outcome> {
    return db.transaction(async (tx) => {
      await lockMember(tx, listed.userId);
      const found = await subscriptionWithPlan(tx, listed.id, true);
      if (!found || found.sub.endedAt || found.sub.periodsPaid !== listed.periodsPaid) return 'skipped';
      const { sub, plan } = found;
      const renewOn = sub.renewOn!;
      const values = { title: plan.title, amount: normalize(sub.priceUsd), date: day(renewOn) };
      const member = await findLiveById(tx, sub.userId);
      const failedAt = sub.renewalFailedAt ?? now;
      if (!member || member.type === 'sdira') {
        // Spec 2 §4: a self-directed subscription is cancelled automatically when the balance is short.
        await tx
          .update(userSubscriptions)
          .set({ isCancelled: true, cancelledAt: now, renewalFailedAt: failedAt })
          .where(eq(userSubscriptions.id, sub.id));
        await endIn(tx, sub, 'renewalFailed', renewOn);
        if (member) await tell(tx, sub.userId, messages.subscriptionSdiraCancelledNotice, values);
        return 'cancelled';
      }
      const deadline = new Date(renewOn.getTime() + RENEWAL_GRACE_MS);
      if (now >= deadline) {
        await tx.update(userSubscriptions).set({ renewalFailedAt: failedAt }).where(eq(userSubscriptions.id, sub.id));
        await endIn(tx, sub, 'renewalFailed', now);
        await tell(tx, sub.userId, messages.subscriptionLapsedNotice, { ...values, deadline: day(deadline) });
        return 'lapsed';
      }
      if (!sub.renewalFailedAt) {
        await tx.update(userSubscriptions).set({ renewalFailedAt: now }).where(eq(userSubscriptions.id, sub.id));
        await tell(tx, sub.userId, messages.subscriptionRenewalFailedNotice, { ...values, deadline: day(deadline) });
      }
      return 'failed';
    });
  }

  /** A period over that is not renewed: the subscription ends at its renewOn. */
  const end = (listed: SubscriptionRow, plan: PlanRow, reason: NonNullable<SubscriptionRow['endReason']>) =>
    db.transaction(async (tx): Promise<Outcome> => {
      await lockMember(tx, listed.userId);
      const ended = await endIn(tx, listed, reason, listed.renewOn!);
      if (!ended) return 'skipped';
      const template =
        reason === 'planRetired' ? messages.subscriptionPlanRetiredNotice : messages.subscriptionEndedNotice;
      if (await findLiveById(tx, listed.userId))
        await tell(tx, listed.userId, template, { title: plan.title, date: day(listed.renewOn!) });
      return 'ended';
    });

  async function one(id: string, now: Date): Promise<Outcome> {
    const found = await subscriptionWithPlan(db, id);
    if (!found || found.sub.endedAt || !found.sub.renewOn || found.sub.renewOn > now) return 'skipped';
    const reason = endWithoutRenewal(found.sub, found.plan);
    if (reason) return end(found.sub, found.plan, reason);
    try {
      await renew(found.sub);
      return 'renewed';
    } catch (error) {
      if (error instanceof Skip) return 'skipped';
      if (isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE') return refused(found.sub, now);
      throw error;
    }
  }

  return {
    /**
     * Every current subscription whose period is over (up to 500 a run, oldest first; the next run takes the
     * rest): renewed, ended or refused, each on its own. Answers how many of each.
     */
    async renewDue(now = new Date()) {
      const due = await db
        .select({ id: userSubscriptions.id })
        .from(userSubscriptions)
        .where(and(sql`${userSubscriptions.endedAt} is null`, lte(userSubscriptions.renewOn, now)))
        .orderBy(asc(userSubscriptions.renewOn))
        .limit(500);
      const counts: Record<Outcome, number> = { renewed: 0, ended: 0, failed: 0, cancelled: 0, lapsed: 0, skipped: 0 };
      for (const { id } of due) {
        try {
          counts[await one(id, now)]++;
        } catch (error) {
          // One subscription's failure (a bug, a lost connection) must not stop the others: the next run retries it.
          ctx.log.error({ err: error, subscriptionId: id }, 'subscription renewal failed');
        }
      }
      return counts;
    },
  };
}

export type RenewalService = ReturnType<typeof renewalService>;
