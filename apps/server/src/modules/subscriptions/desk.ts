import type { AdminSubscription } from '@vault/contract/schemas/subscriptions';
import { and, asc, count, desc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { partiesByIds } from '../members/accounts.ts';
import { isUuid, toUserSubscription } from './records.ts';

type Page = { page: number; limit: number };

/**
 * The back office's subscription reads (issue 16 item 7; `members.read`): a plan's subscribers, the renewals
 * coming up, the renewals that failed. Each is a page and a count in parallel, then the members by id from
 * their owner.
 */
export function subscriptionDesk(ctx: Context) {
  const { db } = ctx;

  async function list(where: SQL | undefined, order: SQL[], { page, limit }: Page) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ sub: userSubscriptions, plan: subscriptionPlans })
        .from(userSubscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
        .where(where)
        .orderBy(...order, asc(userSubscriptions.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(userSubscriptions).where(where),
    ]);
    const parties = new Map(
      (await partiesByIds(db, [...new Set(rows.map((r) => r.sub.userId))])).map((p) => [p.id, p]),
    );
    const data = rows.map(({ sub, plan }): AdminSubscription => {
      const member = parties.get(sub.userId);
      return {
        ...toUserSubscription(sub, plan),
        member: { id: sub.userId, email: member?.email ?? '', name: member?.name ?? '' },
        endReason: sub.endReason,
        endedAt: sub.endedAt?.toISOString() ?? null,
      };
    });
    return { data, total: total?.n ?? 0, page, limit };
  }

  return {
    /** GET /api/admin/subscription-plans/:id/subscribers: current ones (or all), newest first. */
    async subscribersOf(planId: string, query: Page & { status: 'active' | 'all' }) {
      if (!isUuid(planId)) throw notFound();
      const [plan] = await db
        .select({ id: subscriptionPlans.id })
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.id, planId));
      if (!plan) throw notFound();
      const ofPlan = eq(userSubscriptions.planId, planId);
      const where = query.status === 'active' ? and(ofPlan, isNull(userSubscriptions.endedAt)) : ofPlan;
      return list(where, [desc(userSubscriptions.createdAt)], query);
    },

    /** GET /api/admin/subscriptions/upcoming: recurring, not cancelled, due within `days`, soonest first. */
    upcoming(query: Page & { days: number }) {
      const until = new Date(Date.now() + query.days * 24 * 60 * 60 * 1000);
      const where = and(
        isNull(userSubscriptions.endedAt),
        eq(userSubscriptions.isRenewable, true),
        eq(userSubscriptions.isCancelled, false),
        lte(userSubscriptions.renewOn, until),
      );
      return list(where, [asc(userSubscriptions.renewOn)], query);
    },

    /** GET /api/admin/subscriptions/failed-renewals: in grace or ended by a failed renewal, newest first. */
    failed(query: Page) {
      const where = isNotNull(userSubscriptions.renewalFailedAt);
      return list(where, [sql`${userSubscriptions.renewalFailedAt} desc`], query);
    },
  };
}

export type SubscriptionDesk = ReturnType<typeof subscriptionDesk>;
