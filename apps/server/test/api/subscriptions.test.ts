import { fillMessage, messages } from '@vault/contract/messages';
import { periodEnd } from '@vault/contract/schemas/subscriptions';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { assertSubscribed, isSubscribed } from '../../src/modules/subscriptions/access.ts';
import { subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * Subscriptions (issue 16) through the HTTP API: plans, subscribe (the server's price and period, every
 * message of spec 2 §5 and §8, Idempotency-Key), the current list, cancel (ownership, lifetime), the history,
 * the transaction logs and transactions list, and the gate of opportunity tokens.
 */
const fx = subscriptionsFixture('vault_subscriptions');
const { member, post, get } = fx;
const key = () => ({ 'idempotency-key': newId() });

describe('GET /package', () => {
  it('lists the offered plans with their duration label and the same figure in Q', async () => {
    const monthly = await fx.plan('25.5', 'month');
    const lifetime = await fx.plan('1000', 'lifetime');
    const res = await get(await member(), '/api/package');
    expect(res.statusCode).toBe(200);
    const plans = res.json().data as Record<string, unknown>[];
    expect(plans.find((p) => p._id === monthly._id)).toMatchObject({
      priceUSD: '25.5',
      priceQ: '25.5',
      duration: 'month',
      durationLabel: 'Monthly',
      offersRecurring: true,
    });
    expect(plans.find((p) => p._id === lifetime._id)).toMatchObject({
      durationLabel: 'Lifetime',
      offersRecurring: false,
    });
  });

  it('is behind the membership data gate', async () => {
    const res = await get(await member(undefined, { gpaData: null }), '/api/package');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'MEMBERSHIP_REQUIRED', message: messages.fillGpaFirst });
  });
});

describe('POST /subscription', () => {
  it('charges the plan’s price from Q to revenue and sets the period, whatever the body says', async () => {
    const plan = await fx.plan('30', 'month');
    const m = await member('100');
    const revenueBefore = await fx.revenue();
    const res = await post(
      m,
      '/api/subscription',
      { planId: plan._id, paymentAmount: '0.01', amount: 1, renewOn: '2099-01-01', isRenewable: true, mandate: 'x' },
      key(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(fillMessage(messages.subscribed, { title: plan.title }));
    expect(body.user).toMatchObject({ _id: m.user.id, isSubscriber: true });
    expect(body.data).toMatchObject({ planId: plan._id, isRenewable: true, isCancelled: false, priceUSD: '30' });
    const start = new Date(body.data.subscriptionOn);
    expect(body.data.renewOn).toBe(periodEnd(start, 'month', 1)!.toISOString());
    expect(await fx.q(m.user.id)).toBe('70');
    expect(Number(await fx.revenue()) - Number(revenueBefore)).toBe(30);
    expect(await fx.messagesOf(m.user.id)).toContain(
      fillMessage(messages.subscribedNotice, { title: plan.title, amount: '30' }),
    );
    // user/info follows
    expect((await get(m, '/api/user/info')).json().user.isSubscriber).toBe(true);
  });

  it('answers every refusal in the spec’s words, moving nothing', async () => {
    const plan = await fx.plan('50', 'month');
    const noData = await member('100', { gpaData: null });
    let res = await post(noData, '/api/subscription', { planId: plan._id }, key());
    expect([res.statusCode, res.json().message]).toEqual([403, messages.fillGpaFirst]);

    const notActivated = await member('100', { isWalletActivated: false });
    res = await post(notActivated, '/api/subscription', { planId: plan._id }, key());
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      403,
      'NOT_ACTIVATED',
      messages.activateFirst,
    ]);

    const poor = await member('49.99');
    res = await post(poor, '/api/subscription', { planId: plan._id }, key());
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      400,
      'INSUFFICIENT_BALANCE',
      messages.insufficientBalance,
    ]);
    expect(await fx.q(poor.user.id)).toBe('49.99');
    expect(await fx.isSubscriber(poor.user.id)).toBe(false);

    const rich = await member('5000');
    for (const planId of ['nope', newId()]) {
      res = await post(rich, '/api/subscription', { planId }, key());
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        'PLAN_UNAVAILABLE',
        messages.subscriptionPlanUnknown,
      ]);
    }
    const lifetime = await fx.plan('100', 'lifetime');
    res = await post(rich, '/api/subscription', { planId: lifetime._id, isRenewable: true }, key());
    expect([res.statusCode, res.json().code]).toEqual([400, 'PLAN_NOT_RECURRING']);
    res = await post(rich, '/api/subscription', { planId: plan._id, type: 'card' }, key());
    expect([res.statusCode, res.json().fields?.type]).toEqual([400, messages.subscriptionOnlyVaultDollars]);
    expect(await fx.q(rich.user.id)).toBe('5000');
  });

  it('pays once per Idempotency-Key; the same key with another body is 409; one current subscription per plan', async () => {
    const plan = await fx.plan('10', 'year');
    const other = await fx.plan('12', 'year');
    const m = await member('100');
    const headers = key();
    const [a, b] = await Promise.all([
      post(m, '/api/subscription', { planId: plan._id }, headers),
      post(m, '/api/subscription', { planId: plan._id }, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(await fx.q(m.user.id)).toBe('90');
    const reused = await post(m, '/api/subscription', { planId: other._id }, headers);
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const again = await post(m, '/api/subscription', { planId: plan._id }, key());
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_SUBSCRIBED']);
    expect(await fx.q(m.user.id)).toBe('90');
  });

  it('refuses a retired plan and hides it from /package', async () => {
    const plan = await fx.plan('5', 'month');
    const retire = await post(fx.owner, `/api/admin/subscription-plans/${plan._id}/retire`, { reason: 'replaced' });
    expect(retire.statusCode).toBe(200);
    const m = await member('100');
    const res = await post(m, '/api/subscription', { planId: plan._id }, key());
    expect([res.statusCode, res.json().message]).toEqual([400, messages.subscriptionPlanRetired]);
    expect(((await get(m, '/api/package')).json().data as { _id: string }[]).map((p) => p._id)).not.toContain(plan._id);
  });
});

describe('current subscriptions, cancel and history', () => {
  it('lists, cancels (access until renewOn), refuses lifetime, repeats and other members’ ids', async () => {
    const monthly = await fx.plan('20', 'month');
    const lifetime = await fx.plan('40', 'lifetime');
    const m = await member('100');
    const sub = (await post(m, '/api/subscription', { planId: monthly._id, isRenewable: true }, key())).json().data;
    const life = (await post(m, '/api/subscription', { planId: lifetime._id }, key())).json().data;
    expect(life).toMatchObject({ renewOn: null, canCancel: false });

    const current = (await get(m, '/api/subscription/user-subscriptions')).json().data as { _id: string }[];
    expect(current.map((s) => s._id)).toEqual([life._id, sub._id]);

    const stranger = await member('1');
    for (const id of [sub._id, newId(), 'not-an-id']) {
      const res = await post(stranger, `/api/subscription/cancel/${id}`);
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    let res = await post(m, `/api/subscription/cancel/${life._id}`);
    expect([res.statusCode, res.json().code]).toEqual([400, 'SUBSCRIPTION_NOT_CANCELLABLE']);

    res = await post(m, `/api/subscription/cancel/${sub._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(fillMessage(messages.subscriptionCancelled, { date: sub.renewOn.slice(0, 10) }));
    expect(res.json().data).toMatchObject({ isCancelled: true, canCancel: false, status: 'active' });
    res = await post(m, `/api/subscription/cancel/${sub._id}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'SUBSCRIPTION_CANCELLED']);
    // Still current, still a subscriber until renewOn.
    expect((await get(m, '/api/subscription/user-subscriptions')).json().data).toHaveLength(2);
    expect(await isSubscribed(fx.server.db, m.user.id)).toBe(true);
  });

  it('a cancelled subscription closes the gate at renewOn, and the job ends it; isSubscriber follows', async () => {
    const plan = await fx.plan('15', 'month');
    const m = await member('100');
    const sub = (await post(m, '/api/subscription', { planId: plan._id, isRenewable: true }, key())).json().data;
    await post(m, `/api/subscription/cancel/${sub._id}`);
    await expect(assertSubscribed(fx.server.db, m.user.id)).resolves.toBeUndefined();

    await fx.due(sub._id);
    // The gate reads the subscription, not the flag: closed at once.
    await expect(assertSubscribed(fx.server.db, m.user.id)).rejects.toMatchObject({
      statusCode: 403,
      code: 'SUBSCRIPTION_REQUIRED',
      message: messages.subscribePlanFirst,
    });
    expect((await get(m, '/api/subscription/user-subscriptions')).json().data).toEqual([]);
    expect((await post(m, `/api/subscription/cancel/${sub._id}`)).json().code).toBe('SUBSCRIPTION_ENDED');

    const counts = await fx.server.container.services.renewals.renewDue();
    expect(counts.ended).toBeGreaterThanOrEqual(1);
    expect(await fx.row(sub._id)).toMatchObject({ end_reason: 'cancelled' });
    expect(await fx.isSubscriber(m.user.id)).toBe(false);
    expect((await get(m, '/api/user/info')).json().user.isSubscriber).toBe(false);
    expect(await fx.q(m.user.id)).toBe('85');
    // Ended, it may be subscribed again.
    const again = await post(m, '/api/subscription', { planId: plan._id }, key());
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a One time subscription is not renewed: it ends at renewOn, the member told', async () => {
    const plan = await fx.plan('8', 'month');
    const m = await member('100');
    const sub = (await post(m, '/api/subscription', { planId: plan._id, isRenewable: false }, key())).json().data;
    await fx.due(sub._id);
    await fx.server.container.services.renewals.renewDue();
    expect(await fx.row(sub._id)).toMatchObject({ end_reason: 'oneTime', periods_paid: 1 });
    expect(await fx.q(m.user.id)).toBe('92');
    expect((await fx.messagesOf(m.user.id)).some((t) => t.startsWith(`Your ${plan.title} subscription ended on`))).toBe(
      true,
    );
  });

  it('shows payments in /subscription-log, the transaction logs and the transactions list', async () => {
    const plan = await fx.plan('12.34', 'quarter');
    const m = await member('100');
    const sub = (await post(m, '/api/subscription', { planId: plan._id, isRenewable: true }, key())).json().data;
    const log = (await get(m, '/api/subscription-log')).json();
    expect(log).toMatchObject({ total: 1, page: 1 });
    expect(log.data[0]).toMatchObject({
      paymentMethod: 'nativeToken',
      paymentAmount: '12.34',
      type: 'subscriptionPurchase',
      subscriptionId: sub._id,
      plan: { title: plan.title },
    });
    const logs = (await get(m, '/api/transaction-log/user/logs')).json().data as Record<string, unknown>[];
    expect(logs.find((l) => l.type === 'subscriptionPurchase')).toMatchObject({ amount: '12.34', coin: 'Q' });
    const txs = (await get(m, '/api/transaction/1/10/txs')).json();
    expect(txs.total).toBe(1);
    expect(txs.data[0]).toMatchObject({
      type: 'subscription',
      status: 'completed',
      amount: '12.34',
      subscription: { title: plan.title },
    });
    // Another member sees none of it.
    expect((await get(await member(), '/api/subscription-log')).json().total).toBe(0);
  });
});

describe('bad input', () => {
  it('answers 4xx, never 5xx, for malformed bodies and ids', async () => {
    const m = await member('10');
    for (const body of [{}, { planId: 5 }, { planId: 'x'.repeat(101) }, { planId: newId(), isRenewable: 'yes' }]) {
      const res = await post(m, '/api/subscription', body, key());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await post(m, `/api/subscription/cancel/${'%27'.repeat(10)}`);
    expect(res.statusCode).toBe(404);
    const count = await fx.server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_subscriptions where user_id = ${m.user.id}`,
    );
    expect(count.rows[0]!.n).toBe(0);
  });
});
