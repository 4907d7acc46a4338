import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { add, compare, fromUnits, toUnits } from '../src/money.ts';
import { parseSwapTarget, swapAmount, swapForm, swapSpreadBody } from '../src/schemas/swap.ts';
import { priceSwap, rateMovedBeyond, shareOf, spreadBps, spreadPercent, swapRates } from '../src/swap-pricing.ts';

const prices = (fromPrice: string, toPrice: string, bps = 50, toDecimals = 2) => ({
  fromPrice,
  toPrice,
  spreadBps: bps,
  toDecimals,
});

describe('swap pricing', () => {
  it('prices a swap: gross rounded once, the spread taken from it, the rest received', () => {
    expect(priceSwap('0.25', prices('50000', '1'))).toEqual({
      grossAmount: '12500',
      fee: '62.5',
      receiveAmount: '12437.5',
    });
    // 10 × 30 / 2000 = 0.15; 1.25 % of it = 0.001875 → 0.0019 (half-up to 4 decimals).
    expect(priceSwap('10', prices('30', '2000', 125, 4))).toEqual({
      grossAmount: '0.15',
      fee: '0.0019',
      receiveAmount: '0.1481',
    });
    // 1 × 30 / 2654.8 = 0.011300286… → 0.0113 gross; no spread.
    expect(priceSwap('1', prices('30', '2654.8', 0, 4))).toEqual({
      grossAmount: '0.0113',
      fee: '0',
      receiveAmount: '0.0113',
    });
    // Half-up at the boundary: 0.005 Q rounds to 0.01.
    expect(priceSwap('0.00000001', prices('500000', '1', 0)).grossAmount).toBe('0.01');
  });

  it('never pays more than the market value nor less than the market value minus the spread (to a rounding unit)', () => {
    const units = fc.bigInt({ min: 1n, max: 10n ** 12n }).map(fromUnits);
    const price = fc.bigInt({ min: 10n ** 4n, max: 10n ** 14n }).map(fromUnits);
    fc.assert(
      fc.property(
        units,
        price,
        price,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 8 }),
        (a, pf, pt, bps, d) => {
          const p = priceSwap(a, prices(pf, pt, bps, d));
          expect(add(p.receiveAmount, p.fee)).toBe(p.grossAmount);
          expect(compare(p.fee, '0')).toBeGreaterThanOrEqual(0);
          expect(compare(p.fee, p.grossAmount)).toBeLessThanOrEqual(0);
          // gross × price(B) is within half a unit of B (× price(B)) of amount × price(A), exactly: both
          // sides in bigint units² so no rounding of the check itself hides or invents a miss.
          const step = 10n ** BigInt(8 - d);
          const value = toUnits(a) * toUnits(pf);
          const paid = toUnits(p.grossAmount) * toUnits(pt);
          const miss = paid > value ? paid - value : value - paid;
          expect(2n * miss <= step * toUnits(pt)).toBe(true);
        },
      ),
      // The example once failed a check that rounded its own products to 8 decimals.
      { numRuns: 300, examples: [['283.8707601', '539543.55760539', '0.0001001', 0, 5]] },
    );
  });

  it('rates per unit, before and after the spread', () => {
    expect(swapRates({ fromPrice: '50000', toPrice: '1', spreadBps: 50 })).toEqual({
      marketRate: '50000',
      rate: '49750',
    });
    expect(swapRates({ fromPrice: '30', toPrice: '2000', spreadBps: 50 })).toEqual({
      marketRate: '0.015',
      rate: '0.014925',
    });
  });

  it('tells a move of the rate beyond a tolerance, either way', () => {
    const quoted = { fromPrice: '30', toPrice: '2000' };
    expect(rateMovedBeyond(quoted, { fromPrice: '30', toPrice: '2000' }, 0)).toBe(false);
    expect(rateMovedBeyond(quoted, { fromPrice: '30', toPrice: '2004' }, 50)).toBe(false);
    expect(rateMovedBeyond(quoted, { fromPrice: '30.15', toPrice: '2000' }, 50)).toBe(false);
    expect(rateMovedBeyond(quoted, { fromPrice: '30.16', toPrice: '2000' }, 50)).toBe(true);
    expect(rateMovedBeyond(quoted, { fromPrice: '29.84', toPrice: '2000' }, 50)).toBe(true);
    expect(rateMovedBeyond(quoted, { fromPrice: '31.5', toPrice: '2000' }, 50)).toBe(true);
    expect(rateMovedBeyond(quoted, { fromPrice: '30', toPrice: '2000.01' }, 0)).toBe(true);
  });

  it('spreads in percent and basis points; quick buttons round down', () => {
    expect([spreadBps('0.5'), spreadBps('10'), spreadBps('0'), spreadBps('1.25')]).toEqual([50, 1000, 0, 125]);
    expect([spreadPercent(50), spreadPercent(125), spreadPercent(0)]).toEqual(['0.5', '1.25', '0']);
    expect(shareOf('0.1', 1, 4, 8)).toBe('0.025');
    expect(shareOf('10.0003', 1, 2, 4)).toBe('5.0001');
    expect(shareOf('0.03', 1, 4, 2)).toBe('0');
    expect(shareOf('7', 1, 1, 0)).toBe('7');
  });
});

describe('swap schemas', () => {
  it('words the amount as spec 2 §5 "Swap" does', () => {
    const message = (flow: 'crypto' | 'assets', amount: unknown) => {
      const parsed = swapForm(flow).safeParse({ coinSymbol: 'BTC', to: 'Q', amount });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(message('crypto', '')).toBe(messages.swapEnterAmount);
    expect(message('crypto', undefined)).toBe(messages.swapEnterAmount);
    expect(message('crypto', '0')).toBe(messages.swapAmountZero);
    expect(message('crypto', '0.000')).toBe(messages.swapAmountZero);
    expect(message('crypto', '-1')).toBe(messages.invalidAmount);
    expect(message('assets', '-1')).toBe(messages.assetSwapInvalidAmount);
    expect(message('assets', 'abc')).toBe(messages.assetSwapInvalidAmount);
    expect(message('crypto', '1.123456789')).toBe('number field must have 8 digits after decimal or less');
    expect(message('crypto', '100000000.1')).toBe('max 8 number required');
    expect(message('crypto', ' 1.5 ')).toBeNull();
    expect(swapAmount().parse(' 2 ')).toBe('2');
  });

  it('reads a target as a symbol or a wallet id', () => {
    expect(parseSwapTarget('Q')).toEqual({ symbol: 'Q', owner: null });
    const id = '0190a0b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b';
    expect(parseSwapTarget(`${id}:XAG`)).toEqual({ symbol: 'XAG', owner: id });
    expect(swapForm('assets').safeParse({ coinSymbol: 'XAG', to: `${id}:XAU`, amount: '1' }).success).toBe(true);
    expect(swapForm('assets').safeParse({ coinSymbol: 'XAG', to: 'xau', amount: '1' }).success).toBe(false);
  });

  it('takes a spread of 0 to 10 % with at most 2 decimals', () => {
    const ok = (v: string) => swapSpreadBody.safeParse({ swapSpreadPercent: v }).success;
    expect(['0', '0.5', '10', '9.99', '1.25'].map(ok)).toEqual([true, true, true, true, true]);
    expect(['10.01', '-1', '0.001', '', 'x', '100'].map(ok)).toEqual([false, false, false, false, false, false]);
  });
});
