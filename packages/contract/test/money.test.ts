import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  fromUnits,
  multiply,
  normalize,
  percentOf,
  round,
  subtract,
  toFixed,
  toUnits,
} from '../src/money.ts';

const amount = fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }).map((units) => fromUnits(units));

describe('money', () => {
  it('reads and writes decimal strings exactly', () => {
    expect(toUnits('12.5')).toBe(1_250_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(fromUnits(1_250_000_000n)).toBe('12.5');
    expect(normalize('1.50000000')).toBe('1.5');
    expect(normalize('-0.0')).toBe('0');
    expect(() => toUnits('1.123456789')).toThrow();
    expect(() => toUnits('1e3')).toThrow();
    expect(() => toUnits('abc')).toThrow();
  });

  it('adds where floats would not: 0.1 + 0.2 = 0.3', () => {
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(subtract('0.3', '0.1')).toBe('0.2');
  });

  it('rounds half up, away from zero', () => {
    expect(round('2.345', 2)).toBe('2.35');
    expect(round('2.344999', 2)).toBe('2.34');
    expect(round('-2.345', 2)).toBe('-2.35');
    expect(toFixed('12.5', 2)).toBe('12.50');
    expect(toFixed('0.005', 2)).toBe('0.01');
  });

  it('multiplies balance by price exactly, then to the cents', () => {
    expect(multiply('21', '31.42', 2)).toBe('659.82');
    expect(multiply('0.33333333', '3', 2)).toBe('1');
    expect(multiply('1.23456789', '2.5')).toBe('3.08641973');
    // Rounded once from the exact product, never twice.
    expect(multiply('0.49999999', '0.01', 2)).toBe('0');
    expect(multiply('0.5', '0.01', 2)).toBe('0.01');
    expect(multiply('-0.49999999', '0.01', 2)).toBe('0');
  });

  it('multiplies to the nearest step of `decimals`, ties away from zero (property)', () => {
    fc.assert(
      fc.property(amount, amount, fc.integer({ min: 0, max: 8 }), (a, b, decimals) => {
        const exact = toUnits(a) * toUnits(b); // scale 1e16
        const result = toUnits(multiply(a, b, decimals)) * 10n ** 8n; // same scale
        const step = 10n ** BigInt(16 - decimals);
        // On the grid of `decimals` places, and no further than half a step from the exact product ...
        expect(result % step).toBe(0n);
        const off = result - exact;
        expect(2n * (off < 0n ? -off : off) <= step).toBe(true);
        // ... and on an exact tie, the step away from zero.
        if (2n * (off < 0n ? -off : off) === step) expect(result < 0n ? result < exact : result > exact).toBe(true);
      }),
    );
  });

  it('takes a percentage cut down to the decimals, never above the rate', () => {
    expect(percentOf('10', '1.5', 2)).toBe('0.15');
    expect(percentOf('0.99', '1', 2)).toBe('0');
    expect(percentOf('123.45678901', '2.5', 8)).toBe('3.08641972');
    expect(percentOf('1', '0', 8)).toBe('0');
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 8 }), (a, bp, d) => {
        if (toUnits(a) < 0n) return;
        const percent = fromUnits(BigInt(bp) * 1_000_000n); // 0.00 to 10.00
        const fee = toUnits(percentOf(a, percent, d));
        const exact = toUnits(a) * BigInt(bp) * 1_000_000n; // fee × 100 × 10^8, exactly
        expect(fee * 100n * 10n ** 8n <= exact).toBe(true);
        expect((fee + 10n ** BigInt(8 - d)) * 100n * 10n ** 8n > exact).toBe(true);
      }),
    );
  });

  it('round-trips and adds like integers (property)', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(fromUnits(toUnits(a))).toBe(a);
        expect(subtract(add(a, b), b)).toBe(a);
        expect(compare(add(a, b), a)).toBe(Math.sign(Number(toUnits(b))));
      }),
    );
  });
});

describe('token amounts (spec 2 §5 send messages)', async () => {
  const { tokenAmount } = await import('../src/schemas/ledger.ts');
  const messageOf = (v: string) => {
    const r = tokenAmount.safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it.each([
    ['', 'Amount is required'],
    ['abc', 'Invalid amount'],
    ['0', 'Invalid amount'],
    ['0.000000001', 'number field must have 8 digits after decimal or less'],
    ['100000000.00000001', 'max 8 number required'],
    ['1000000000', 'max 8 number required'],
  ])('%s → %s', (value, message) => {
    expect(messageOf(value)).toBe(message);
  });
  it('accepts 1e8 and one unit', () => {
    expect(messageOf('100000000')).toBeNull();
    expect(messageOf('0.00000001')).toBeNull();
  });
});
