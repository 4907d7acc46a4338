import { fillMessage, messages } from '@vault/contract/messages';
import { periodEnd } from '@vault/contract/schemas/subscriptions';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { isSubscribed } from '../../src/modules/subscriptions/access.ts';
import { startServer } from '../support.ts';
import { subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * Renewals (issue 16 item 3, decision 0016): the renew-subscriptions job's work, run twice at once (two
 * containers, two pools: two processes' worth) and again after a restart (a third one) pays each period once;
 * a self-directed member short of Q is cancelled at once and told why; an ordinary member keeps access through
 * a 3-day grace, is told once, then the subscription ends. Dates move by SQL; the clock stays real.
 */
const fx = subscriptionsFixture('vault_subscription_renewals');
const { member, post } = fx;
const key = () => ({ 'idempotency-key': newId() });
const renewDue = () => fx.server.container.services.renewals.renewDue();

async function subscribed(q: string, price: string, values = {}) {
  const plan = await fx.plan(price, 'month');
  const m = await member(q, values);
  const res = await post(m, '/api/subscription', { planId: plan._id, isRenewable: true }, key());
  expect(res.statusCode, res.body).toBe(200);
  return { m, plan, sub: res.json().data as { _id: string; subscriptionOn: string } };
}

describe('renew-subscriptions', () => {
  it('renews a due recurring subscription once, whether two processes run it at once or one runs it again after a restart', async () => {
    const { m, plan, sub } = await subscribed('100', '30');
    await fx.due(sub._id);
    const second = await startServer({ DATABASE_URL: fx.database.url });
    try {
      await Promise.all([renewDue(), second.container.services.renewals.renewDue(), renewDue()]);
    } finally {
      await second.close();
    }
    expect(await fx.payments(sub._id)).toEqual([
      { period: 1, amount: '30.00000000', kind: 'subscriptionPurchase' },
      { period: 2, amount: '30.00000000', kind: 'subscriptionRenew' },
    ]);
    expect(await fx.q(m.user.id)).toBe('40');
    const row = await fx.row(sub._id);
    expect(row.periods_paid).toBe(2);
    expect(new Date(row.renew_on!).toISOString()).toBe(
      periodEnd(new Date(sub.subscriptionOn), 'month', 2)!.toISOString(),
    );

    // A restart: a new process on the same database, the same period made due again by hand. The system key
    // (subscription, period 2) is already spent, so nothing is paid twice.
    await fx.server.db.execute(
      sql`update user_subscriptions set periods_paid = 1, renew_on = now() - interval '1 minute' where id = ${sub._id}`,
    );
    const restarted = await startServer({ DATABASE_URL: fx.database.url });
    try {
      await restarted.container.services.renewals.renewDue();
    } finally {
      await restarted.close();
    }
    expect(await fx.payments(sub._id)).toHaveLength(2);
    expect(await fx.q(m.user.id)).toBe('40');
    const keys = await fx.server.db.execute<{ key: string }>(
      sql`select key from system_idempotency_keys where source = 'subscription-renewal' and key like ${`${sub._id}:%`}`,
    );
    expect(keys.rows.map((k) => k.key)).toEqual([`${sub._id}:2`]);

    const told = await fx.messagesOf(m.user.id);
    expect(told.filter((t) => t.startsWith(`Your ${plan.title} subscription was renewed`))).toHaveLength(1);
    const logs = (await fx.get(m, '/api/transaction-log/user/logs?type=subscriptionRenew')).json().data;
    expect(logs).toHaveLength(1);
    expect((await fx.get(m, '/api/subscription-log')).json().total).toBe(2);
  });

  it('cancels a self-directed subscription short of Q at renewal and tells the member why', async () => {
    const { m, plan, sub } = await subscribed('35', '30', { type: 'sdira' });
    await fx.due(sub._id);
    const renewOn = (await fx.row(sub._id)).renew_on!;
    await Promise.all([renewDue(), renewDue()]);
    expect(await fx.row(sub._id)).toMatchObject({ is_cancelled: true, end_reason: 'renewalFailed' });
    expect(await fx.payments(sub._id)).toHaveLength(1);
    expect(await fx.q(m.user.id)).toBe('5');
    expect(await fx.isSubscriber(m.user.id)).toBe(false);
    const notice = fillMessage(messages.subscriptionSdiraCancelledNotice, {
      title: plan.title,
      amount: '30',
      date: new Date(renewOn).toISOString().slice(0, 10),
    });
    expect((await fx.messagesOf(m.user.id)).filter((t) => t === notice)).toHaveLength(1);
    const failed = (await fx.get(fx.owner, '/api/admin/subscriptions/failed-renewals')).json().data as {
      _id: string;
    }[];
    expect(failed.map((f) => f._id)).toContain(sub._id);
  });

  it('keeps an ordinary member’s access through the grace period, tells once, renews when topped up', async () => {
    const { m, plan, sub } = await subscribed('30', '30');
    await fx.due(sub._id);
    await renewDue();
    await renewDue();
    const row = await fx.row(sub._id);
    expect(row).toMatchObject({ ended_at: null, is_cancelled: false, periods_paid: 1 });
    expect(row.renewal_failed_at).not.toBeNull();
    expect(await isSubscribed(fx.server.db, m.user.id)).toBe(true);
    const failedNotices = (await fx.messagesOf(m.user.id)).filter((t) =>
      t.startsWith(`Your ${plan.title} subscription could not be renewed`),
    );
    expect(failedNotices).toHaveLength(1);
    const current = (await fx.get(m, '/api/subscription/user-subscriptions')).json().data;
    expect(current[0]).toMatchObject({ _id: sub._id, status: 'active' });
    expect(current[0].graceUntil).not.toBeNull();

    await fx.ledger.credit({ userId: m.user.id, asset: 'Q', amount: '30', by: null });
    await renewDue();
    expect(await fx.row(sub._id)).toMatchObject({ periods_paid: 2, renewal_failed_at: null, ended_at: null });
    expect(await fx.q(m.user.id)).toBe('0');
  });

  it('ends an ordinary member’s subscription when the grace is over, never overdrawing', async () => {
    const { m, sub } = await subscribed('40', '30');
    await fx.due(sub._id, 4 * 24 * 60 * 60 * 1000);
    await renewDue();
    expect(await fx.row(sub._id)).toMatchObject({ end_reason: 'renewalFailed' });
    expect(await fx.q(m.user.id)).toBe('10');
    expect(await fx.isSubscriber(m.user.id)).toBe(false);
    expect(await isSubscribed(fx.server.db, m.user.id)).toBe(false);
  });

  it('does not renew subscriptions of a retired plan: they end at renewOn', async () => {
    const { m, plan, sub } = await subscribed('100', '10');
    await post(fx.owner, `/api/admin/subscription-plans/${plan._id}/retire`, { reason: 'discontinued' });
    await fx.due(sub._id);
    await renewDue();
    expect(await fx.row(sub._id)).toMatchObject({ end_reason: 'planRetired', periods_paid: 1 });
    expect(await fx.q(m.user.id)).toBe('90');
  });
});
