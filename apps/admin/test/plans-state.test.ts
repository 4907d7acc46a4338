import type { AdminSubscription } from '@vault/contract/schemas/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  PLANS_DEFAULTS,
  plansParams,
  priceQ,
  priceUsd,
  readPlansState,
  renewalKind,
  subscriptionState,
} from '../src/features/plans/describe';

/** The Plans screen's tab, plan, filters and page live in the address; money is shown from its decimal string. */
describe('plans screen state in the address', () => {
  it('reads the tab, plan, filters and page and writes back only what differs from the defaults', () => {
    const params = new URLSearchParams('tab=plans&plan=0199-abc&status=all&page=2&limit=50');
    const state = readPlansState(params);
    expect(state).toEqual({ tab: 'plans', plan: '0199-abc', status: 'all', days: 7, page: 2, limit: 50 });
    expect(plansParams(state).toString()).toBe('plan=0199-abc&status=all&page=2&limit=50');
    expect(plansParams(PLANS_DEFAULTS).toString()).toBe('');
    expect(plansParams({ ...PLANS_DEFAULTS, tab: 'upcoming', days: 30 }).toString()).toBe('tab=upcoming&days=30');
  });

  it('falls back to the defaults for anything unreadable; a plan belongs to the Plans tab only', () => {
    expect(readPlansState(new URLSearchParams('tab=x&status=gone&days=8&page=-1&limit=1000'))).toEqual(PLANS_DEFAULTS);
    expect(readPlansState(new URLSearchParams('tab=failed&plan=abc')).plan).toBeNull();
    expect(readPlansState(new URLSearchParams('plan=a%20b')).plan).toBeNull();
  });
});

describe('plans screen words', () => {
  it('shows a price in USD and the same figure in Q, exactly', () => {
    expect(priceUsd('1250')).toBe('$1,250.00');
    expect(priceQ('1250')).toBe('1,250.00 Q');
    expect(priceQ('0.1')).toBe('0.10 Q');
  });

  const sub = (values: Partial<AdminSubscription>) =>
    ({
      status: 'active',
      endReason: null,
      renewalFailedAt: null,
      isCancelled: false,
      isRenewable: true,
      plan: { duration: 'month' },
      ...values,
    }) as AdminSubscription;

  it('says where a subscription stands', () => {
    expect(subscriptionState(sub({})).label).toBe('Active');
    expect(subscriptionState(sub({ isCancelled: true })).label).toBe('Cancelled');
    expect(subscriptionState(sub({ renewalFailedAt: '2026-11-23T00:00:00Z' })).label).toBe('In grace');
    expect(subscriptionState(sub({ status: 'ended', endReason: 'renewalFailed' }))).toEqual({
      tone: 'neutral',
      label: 'Ended',
      detail: 'Ended: renewal failed (not enough Q)',
    });
    expect(renewalKind(sub({ isRenewable: false }))).toBe('One time');
    expect(renewalKind(sub({ plan: { duration: 'lifetime' } as AdminSubscription['plan'] }))).toBe('Lifetime');
  });
});
