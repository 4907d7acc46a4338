import { messages } from '@vault/contract/messages';
import { sql } from 'drizzle-orm';
import { forbidden } from '../../http/errors.ts';
import { hasActiveSubscription, type Q } from './records.ts';

/**
 * The gate a subscription opens (issue 16 item 6; spec 2 §5, §6: "A subscription is needed to get opportunity
 * tokens"), for the opportunity-token and marketplace module. It reads the subscriptions themselves, not the
 * `isSubscriber` flag: a cancelled or One time subscription closes exactly at its renewOn, even before the job
 * has ended it.
 */

/** Whether the member has an active subscription now (pool or the caller's transaction). */
export async function isSubscribed(q: Q, userId: string): Promise<boolean> {
  const { rows } = await q.execute<{ ok: boolean }>(sql`select ${hasActiveSubscription(userId)} as ok`);
  return rows[0]?.ok === true;
}

/**
 * Refuses a member without an active subscription: 403 SUBSCRIPTION_REQUIRED 'Please subscribe plan first'
 * (spec 2 §8, the server's message; the web goes to /subscription). The web's own check before asking says
 * 'You are not subscribed. Please subscribe first.' (`messages.notSubscribed`).
 */
export async function assertSubscribed(q: Q, userId: string) {
  if (!(await isSubscribed(q, userId))) throw forbidden(messages.subscribePlanFirst, 'SUBSCRIPTION_REQUIRED');
}

/** The same condition as SQL, for a statement that must check it at its write (an acquisition's `onlyIf`). */
export { hasActiveSubscription as subscribedCondition };
