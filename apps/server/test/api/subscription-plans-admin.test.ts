import { messages } from '@vault/contract/messages';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { createAdmin } from '../support.ts';
import { subscriptionsFixture } from './subscriptions-fixture.ts';

/**
 * The back office's subscriptions (issue 16 item 7): owners create, edit and retire plans (audited); every
 * administrator reads plans with their subscribers, a plan's subscribers, upcoming and failed renewals.
 */
const fx = subscriptionsFixture('vault_subscription_admin');
let support: Awaited<ReturnType<typeof createAdmin>>;
let operator: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  [support, operator] = await Promise.all([createAdmin(fx.server, 'support'), createAdmin(fx.server, 'operator')]);
});

const patch = (as: { headers: Record<string, string> }, id: string, payload: object) =>
  fx.server.app.inject({ method: 'PATCH', url: `/api/admin/subscription-plans/${id}`, headers: as.headers, payload });
const audits = (targetId: string, action: string) =>
  fx.server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, targetId), eq(auditLog.action, action)));

describe('plans in the back office', () => {
  it('lets only owners create, edit and retire, each audited', async () => {
    const body = { title: 'Gold Circle', logo: '/tokens/xau.svg', priceUSD: '99.90', duration: 'year' };
    for (const as of [support, operator]) {
      const res = await fx.post(as, '/api/admin/subscription-plans', body);
      expect(res.statusCode).toBe(403);
    }
    const created = await fx.post(fx.owner, '/api/admin/subscription-plans', body);
    expect(created.statusCode, created.body).toBe(200);
    const plan = created.json().data;
    expect(plan).toMatchObject({ title: 'Gold Circle', priceUSD: '99.9', durationLabel: 'Yearly', subscribers: 0 });
    expect(await audits(plan._id, 'subscriptionPlan.create')).toHaveLength(1);

    const edited = await patch(fx.owner, plan._id, { priceUSD: '120', title: 'Gold Circle' });
    expect(edited.json().data.priceUSD).toBe('120');
    const [row] = await audits(plan._id, 'subscriptionPlan.update');
    expect(row?.details).toEqual({ changes: { priceUSD: { from: '99.9', to: '120' } } });
    expect((await patch(operator, plan._id, { title: 'x y' })).statusCode).toBe(403);

    const retired = await fx.post(fx.owner, `/api/admin/subscription-plans/${plan._id}/retire`, { reason: 'replaced' });
    expect(retired.json()).toMatchObject({ message: messages.planRetired });
    expect(retired.json().data.retiredAt).not.toBeNull();
    const again = await fx.post(fx.owner, `/api/admin/subscription-plans/${plan._id}/retire`, { reason: 'replaced' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'PLAN_RETIRED']);
    for (const id of [newId(), 'nope']) {
      expect((await patch(fx.owner, id, { title: 'New title' })).statusCode).toBe(404);
    }
  });

  it('refuses bad plans field by field', async () => {
    const cases: [object, string, string][] = [
      [{ title: 'A', logo: '/x.svg', priceUSD: '1', duration: 'month' }, 'title', messages.planTitleRequired],
      [{ title: 'Ab', logo: 'javascript:x', priceUSD: '1', duration: 'month' }, 'logo', messages.planLogoInvalid],
      [
        { title: 'Ab', logo: 'https://example.com/x.svg', priceUSD: '1', duration: 'month' },
        'logo',
        messages.planLogoInvalid,
      ],
      [
        { title: 'Ab', logo: '//example.com/x.svg', priceUSD: '1', duration: 'month' },
        'logo',
        messages.planLogoInvalid,
      ],
      [{ title: 'Ab', logo: '/x.svg', priceUSD: '0', duration: 'month' }, 'priceUSD', messages.planPriceInvalid],
      [{ title: 'Ab', logo: '/x.svg', priceUSD: '1.001', duration: 'month' }, 'priceUSD', messages.planPriceInvalid],
      [{ title: 'Ab', logo: '/x.svg', priceUSD: '1', duration: 'week' }, 'duration', messages.planDurationInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await fx.post(fx.owner, '/api/admin/subscription-plans', body);
      expect([res.statusCode, res.json().fields?.[field]], JSON.stringify(body)).toEqual([400, message]);
    }
    const plan = await fx.plan('3', 'month');
    const empty = await patch(fx.owner, plan._id, {});
    expect(empty.statusCode).toBe(400);
    const duration = await patch(fx.owner, plan._id, { duration: 'year' });
    expect(duration.statusCode).toBe(400);
  });

  it('shows subscribers per plan, upcoming renewals and counts to every administrator', async () => {
    const plan = await fx.plan('7', 'month');
    const m = await fx.member('50');
    const sub = (
      await fx.post(m, '/api/subscription', { planId: plan._id, isRenewable: true }, { 'idempotency-key': newId() })
    ).json().data;

    const plans = (await fx.get(support, '/api/admin/subscription-plans')).json().data as Record<string, unknown>[];
    expect(plans.find((p) => p._id === plan._id)).toMatchObject({ subscribers: 1, recurring: 1 });

    const subscribers = (await fx.get(support, `/api/admin/subscription-plans/${plan._id}/subscribers`)).json();
    expect(subscribers).toMatchObject({ total: 1, page: 1 });
    expect(subscribers.data[0]).toMatchObject({
      _id: sub._id,
      member: { id: m.user.id, email: m.email },
      endReason: null,
    });

    const upcoming = (await fx.get(support, '/api/admin/subscriptions/upcoming?days=40')).json();
    expect((upcoming.data as { _id: string }[]).map((s) => s._id)).toContain(sub._id);
    const soon = (await fx.get(support, '/api/admin/subscriptions/upcoming?days=1')).json();
    expect((soon.data as { _id: string }[]).map((s) => s._id)).not.toContain(sub._id);

    expect((await fx.get(support, `/api/admin/subscription-plans/${newId()}/subscribers`)).statusCode).toBe(404);
    expect((await fx.get(m, '/api/admin/subscription-plans')).statusCode).toBe(403);
  });
});
