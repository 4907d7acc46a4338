import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import type { AdminPlan, CreatePlanBody, UpdatePlanBody } from '@vault/contract/schemas/subscriptions';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { subscriptionPlans, userSubscriptions } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { isUuid, type PlanRow, type Q, toPlan } from './records.ts';

/**
 * Subscription plans (issue 16 item 1): members read the offered ones (`GET /package`); owners create, edit
 * and retire them in the back office (`plans.manage`), each change audited in its transaction. A plan is never
 * deleted: retiring hides it from new subscribers, and its subscriptions run to the end of their paid period
 * without renewal (decision 0016). A new price applies to new subscriptions only.
 */
const planValues = (body: CreatePlanBody) => ({
  id: newId(),
  title: body.title,
  logo: body.logo,
  priceUsd: normalize(body.priceUSD),
  duration: body.duration,
});

export function planService(ctx: Context) {
  const { db } = ctx;

  /** Current (not ended) and current recurring subscriptions per plan, one grouped statement. */
  async function withCounts(rows: PlanRow[]): Promise<AdminPlan[]> {
    const counts = await db
      .select({
        planId: userSubscriptions.planId,
        subscribers: sql<number>`count(*)::int`,
        recurring: sql<number>`(count(*) filter (where ${userSubscriptions.isRenewable} and not ${userSubscriptions.isCancelled}))::int`,
      })
      .from(userSubscriptions)
      .where(isNull(userSubscriptions.endedAt))
      .groupBy(userSubscriptions.planId);
    const byPlan = new Map(counts.map((c) => [c.planId, c]));
    return rows.map((row) => ({
      ...toPlan(row),
      retiredAt: row.retiredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      subscribers: byPlan.get(row.id)?.subscribers ?? 0,
      recurring: byPlan.get(row.id)?.recurring ?? 0,
    }));
  }

  const locked = async (q: Q, id: string) => {
    if (!isUuid(id)) throw notFound();
    const [row] = await q.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for('update');
    if (!row) throw notFound();
    return row;
  };
  const one = async (row: PlanRow) => (await withCounts([row]))[0]!;

  return {
    /** GET /package: the plans offered, cheapest first. */
    async offered() {
      const rows = await db
        .select()
        .from(subscriptionPlans)
        .where(isNull(subscriptionPlans.retiredAt))
        .orderBy(asc(subscriptionPlans.priceUsd), asc(subscriptionPlans.title));
      return { data: rows.map(toPlan) };
    },

    /** GET /api/admin/subscription-plans: every plan, retired ones too, with its subscribers. */
    async all() {
      const rows = await db
        .select()
        .from(subscriptionPlans)
        .orderBy(sql`${subscriptionPlans.retiredAt} is not null`, asc(subscriptionPlans.priceUsd));
      return { data: await withCounts(rows) };
    },

    async create(admin: User, body: CreatePlanBody) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(subscriptionPlans).values(planValues(body)).returning();
        await audit(tx, admin, 'subscriptionPlan.create', created!.id, { ...body });
        return created!;
      });
      return { message: messages.planSaved, data: await one(row) };
    },

    /** Only what differs is written and audited ({field: {from, to}}). */
    async update(admin: User, id: string, body: UpdatePlanBody) {
      const row = await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        const next = {
          title: body.title ?? before.title,
          logo: body.logo ?? before.logo,
          priceUsd: body.priceUSD === undefined ? normalize(before.priceUsd) : normalize(body.priceUSD),
        };
        const changes: Record<string, { from: string; to: string }> = {};
        if (next.title !== before.title) changes.title = { from: before.title, to: next.title };
        if (next.logo !== before.logo) changes.logo = { from: before.logo, to: next.logo };
        if (next.priceUsd !== normalize(before.priceUsd))
          changes.priceUSD = { from: normalize(before.priceUsd), to: next.priceUsd };
        if (Object.keys(changes).length === 0) return before;
        const [updated] = await tx
          .update(subscriptionPlans)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(subscriptionPlans.id, id))
          .returning();
        await audit(tx, admin, 'subscriptionPlan.update', id, { changes });
        return updated!;
      });
      return { message: messages.planSaved, data: await one(row) };
    },

    async retire(admin: User, id: string, reason: string) {
      const row = await db.transaction(async (tx) => {
        const before = await locked(tx, id);
        if (before.retiredAt) throw conflict(messages.planAlreadyRetired, 'PLAN_RETIRED');
        const [updated] = await tx
          .update(subscriptionPlans)
          .set({ retiredAt: new Date(), updatedAt: new Date() })
          .where(eq(subscriptionPlans.id, id))
          .returning();
        await audit(tx, admin, 'subscriptionPlan.retire', id, { title: before.title, reason });
        return updated!;
      });
      return { message: messages.planRetired, data: await one(row) };
    },

    /** The demo seed's plans, by title, made once (the seed is safe to re-run). */
    async ensure(plans: CreatePlanBody[]) {
      for (const plan of plans) {
        const [found] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.title, plan.title));
        if (!found) await db.insert(subscriptionPlans).values(planValues(plan));
      }
    },
  };
}

export type PlanService = ReturnType<typeof planService>;
