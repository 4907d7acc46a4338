import { normalize } from '@vault/contract/money';
import type { Transaction } from '@vault/contract/schemas/funding';
import type { SubscriptionLog } from '@vault/contract/schemas/subscriptions';
import { count, desc, eq } from 'drizzle-orm';
import { subscriptionPayments, subscriptionPlans, userSubscriptions } from '../../db/schema.ts';
import type { Q } from './records.ts';

/**
 * A member's subscription payments (spec 2 §3 Subscription log, §2 /subscription-history; the transactions
 * list of spec 1 §2): one row per payment, written with its ledger entry. Newest first.
 */

const paymentsOf = (q: Q, userId: string, limit: number, offset: number) =>
  q
    .select({ pay: subscriptionPayments, plan: subscriptionPlans })
    .from(subscriptionPayments)
    .innerJoin(userSubscriptions, eq(userSubscriptions.id, subscriptionPayments.subscriptionId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(eq(subscriptionPayments.userId, userId))
    .orderBy(desc(subscriptionPayments.createdAt), desc(subscriptionPayments.id))
    .limit(limit)
    .offset(offset);

const totalOf = async (q: Q, userId: string) =>
  (await q.select({ n: count() }).from(subscriptionPayments).where(eq(subscriptionPayments.userId, userId)))[0]?.n ?? 0;

/** GET /subscription-log: a page of the member's payments. */
export async function subscriptionLog(q: Q, userId: string, page: number, limit: number) {
  const [rows, total] = await Promise.all([paymentsOf(q, userId, limit, (page - 1) * limit), totalOf(q, userId)]);
  const data = rows.map(
    ({ pay, plan }): SubscriptionLog => ({
      _id: pay.id,
      paymentMethod: pay.paymentMethod,
      paymentAmount: normalize(pay.amount),
      createdAt: pay.createdAt.toISOString(),
      type: pay.kind,
      subscriptionId: pay.subscriptionId,
      plan: { _id: plan.id, title: plan.title, logo: plan.logo },
      periodStart: pay.periodStart.toISOString(),
      periodEnd: pay.periodEnd?.toISOString() ?? null,
      entryId: pay.entryId,
    }),
  );
  return { data, total, page, limit };
}

/**
 * The member's first `n` payments as rows of the transactions list (type subscription, completed: a payment
 * row exists only once paid), with their total: the funding module merges them with its purchases by date.
 */
export async function subscriptionTransactions(q: Q, userId: string, n: number) {
  const [rows, total] = await Promise.all([paymentsOf(q, userId, n, 0), totalOf(q, userId)]);
  const data = rows.map(
    ({ pay, plan }): Transaction => ({
      _id: pay.id,
      type: 'subscription',
      status: 'completed',
      amount: normalize(pay.amount),
      wireFee: null,
      createdAt: pay.createdAt.toISOString(),
      updatedAt: pay.createdAt.toISOString(),
      streetAddress: null,
      method: null,
      orderId: null,
      tokenAmount: normalize(pay.amount),
      tokenRate: '1',
      receivedAmount: null,
      issuedAmount: null,
      dueAt: null,
      rejectionReason: null,
      subscription: { title: plan.title, logo: plan.logo },
      token: null,
    }),
  );
  return { data, total };
}
