import { describe, expect, it } from 'vitest';
import { redeemableOn, redemption } from '../src/holding-period.ts';

const at = (iso: string) => new Date(iso);

describe('the holding period (1 year and 1 day)', () => {
  it('is the same date a year later plus one day, in UTC', () => {
    expect(redeemableOn(at('2026-03-10T15:30:00Z')).toISOString()).toBe('2027-03-11T15:30:00.000Z');
    expect(redeemableOn(at('2026-12-31T23:00:00Z')).toISOString()).toBe('2028-01-01T23:00:00.000Z');
  });

  it('clamps 29 February to the end of February before adding the day', () => {
    expect(redeemableOn(at('2028-02-29T00:00:00Z')).toISOString()).toBe('2029-03-01T00:00:00.000Z');
  });
});

describe('how much can be redeemed', () => {
  const lots = [
    { remaining: '5', acquiredAt: at('2025-01-01T00:00:00Z') },
    { remaining: '2.5', acquiredAt: at('2025-06-01T00:00:00Z') },
    { remaining: '10', acquiredAt: at('2026-06-01T00:00:00Z') },
  ];

  it('counts matured lots only and names the next date', () => {
    expect(redemption(lots, '17.5', '0', at('2026-06-03T00:00:00Z'))).toEqual({
      amount: '7.5',
      nextOn: '2027-06-02T00:00:00.000Z',
    });
    // One second before the first lot matures, nothing is redeemable.
    expect(redemption(lots, '17.5', '0', at('2026-01-01T23:59:59Z')).amount).toBe('0');
    expect(redemption(lots, '17.5', '0', at('2026-01-02T00:00:00Z')).amount).toBe('5');
  });

  it('takes holds from the oldest lots and never exceeds the balance', () => {
    expect(redemption(lots, '14.5', '3', at('2026-06-03T00:00:00Z')).amount).toBe('4.5');
    expect(redemption(lots, '0', '20', at('2027-07-01T00:00:00Z'))).toEqual({ amount: '0', nextOn: null });
    expect(redemption(lots, '1', '0', at('2027-07-01T00:00:00Z')).amount).toBe('1');
  });
});
