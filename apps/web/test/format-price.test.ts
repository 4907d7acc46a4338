import { describe, expect, it } from 'vitest';
import { formatPrice } from '../src/features/site/format-price.ts';

describe('formatPrice (token carousel)', () => {
  it('rounds half-up to the token decimals, keeps 2, drops trailing zeros and groups thousands', () => {
    expect(formatPrice('2650.12345678', 5)).toBe('$2,650.12346');
    expect(formatPrice('1', 2)).toBe('$1.00');
    expect(formatPrice('31.42000000', 4)).toBe('$31.42');
    expect(formatPrice('0.005', 2)).toBe('$0.01');
    expect(formatPrice('1234567.5', 0)).toBe('$1,234,568');
  });

  it('shows what it cannot read as it is', () => {
    expect(formatPrice('abc', 2)).toBe('$abc');
  });
});
