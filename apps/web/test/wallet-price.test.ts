import type { CryptoWallet, NativeWallet, NftWallet } from '@vault/contract/schemas/wallet';
import { describe, expect, it } from 'vitest';
import { cryptoView, nativeView, opportunityView } from '../src/features/wallet/portfolio.ts';
import { axisLabel, priceAxis } from '../src/features/wallet/price-axis.ts';
import { displayPrice, type PriceRule } from '../src/lib/money-format.ts';

const native = (multiplier: string, decimals: number): PriceRule => ({ kind: 'native', multiplier, decimals });
const rate: PriceRule = { kind: 'rate' };

describe('displayed price (spec 2 §9, spec 1 §9)', () => {
  it('shows a native token at price times multiplier, rounded to its decimals', () => {
    expect(displayPrice('31.42', native('1', 4))).toEqual({ amount: '31.42', text: '$31.4200' });
    expect(displayPrice('2.5', native('1.5', 2))).toEqual({ amount: '3.75', text: '$3.75' });
    expect(displayPrice('1', native('1', 2)).text).toBe('$1.00');
    expect(displayPrice('1234.5678', native('1000', 2)).text).toBe('$1,234,567.80');
    expect(displayPrice('2.5', native('1', 0))).toEqual({ amount: '3', text: '$3' });
  });

  it('multiplies exactly and rounds once, half-up, from the exact product', () => {
    // In floating point 1.005 × 1 × 100 is 100.49999…, which would round down to $1.00.
    expect(displayPrice('1.005', native('1', 2)).text).toBe('$1.01');
    expect(displayPrice('0.333', native('3', 2)).text).toBe('$1.00');
    expect(displayPrice('0.125', native('1', 2)).text).toBe('$0.13');
    // 0.00999999 × 0.5 = 0.004999995: below half a cent, so $0.00 (rounding to 8 places first would give 0.01).
    expect(displayPrice('0.00999999', native('0.5', 2)).text).toBe('$0.00');
  });

  it('keeps token decimals above 8 at the money module’s 8', () => {
    expect(displayPrice('0.12345678', native('1', 12)).text).toBe('$0.12345678');
  });

  it('shows a crypto rate to 3 decimals, whatever a multiplier would be', () => {
    expect(displayPrice('65000.12', rate)).toEqual({ amount: '65000.12', text: '$65,000.120' });
    expect(displayPrice('0.0005', rate).text).toBe('$0.001');
  });
});

describe('which rule a wallet row takes', () => {
  it('native wallets carry their multiplier and decimals; crypto wallets are rates; opportunity per unit', () => {
    const xag = { coinSymbol: 'XAG', type: 'asset', price: '31.42', multiplier: '2', decimals: 4 } as NativeWallet;
    const view = nativeView({ ...xag, icon: { url: '' }, marketData: { rate: '31.42' } } as NativeWallet);
    expect(view.priceRule).toEqual(native('2', 4));
    expect(displayPrice(view.price, view.priceRule).text).toBe('$62.8400');

    const btc = { coinSymbol: 'BTC', icon: { url: '' }, marketData: { rate: '65000.12', changePercentage24h: '1' } };
    const coin = cryptoView(btc as CryptoWallet);
    expect(displayPrice(coin.price, coin.priceRule).text).toBe('$65,000.120');

    const pool = opportunityView({
      _id: 'n1',
      name: 'Pool',
      image: '',
      balance: '3',
      pricePerShare: '0.105',
    } as NftWallet);
    // Opportunity amounts show 2 decimals (spec 1 §9), the price per unit too: 0.105 → $0.11 (half-up).
    expect(pool.priceRule).toEqual({ kind: 'perUnit' });
    expect(displayPrice(pool.price, pool.priceRule).text).toBe('$0.11');
    expect(displayPrice('not a price', pool.priceRule).text).toBe('—');
    expect(displayPrice('not a price', rate).text).toBe('—');
  });
});

describe('price graph axis', () => {
  const at = (rule: PriceRule, low: number, high: number) => {
    const { ticks, decimals } = priceAxis(rule, low, high);
    return ticks.map((t) => axisLabel(t, decimals));
  };

  it('round ticks around the prices, one number of decimals: cents, none in the thousands', () => {
    // A flat dollar token sits in the middle.
    expect(at(native('1', 2), 1, 1)).toEqual(['$0.90', '$0.95', '$1.00', '$1.05', '$1.10']);
    expect(at(native('1', 4), 31.2, 32.6)).toEqual(['$31.00', '$31.50', '$32.00', '$32.50', '$33.00']);
    expect(at(rate, 97250.18, 106442.79)).toEqual(['$95,000', '$100,000', '$105,000', '$110,000']);
  });

  it('never below $0; decimals to tell close ticks apart and a tiny price from $0, never beyond the rule', () => {
    expect(priceAxis(rate, 0.5, 10).ticks[0]).toBe(0);
    expect(priceAxis(rate, 0, 0).ticks[0]).toBe(0);
    // Steps of a thousandth need 3 decimals (a token with 4 shows them).
    expect(priceAxis(native('1', 4), 31.412, 31.416).decimals).toBe(3);
    // A rate of a hundred-thousandth of a dollar: not '$0.00'.
    const tiny = at(rate, 0.0000123, 0.0000131);
    expect(tiny.every((label) => !/^\$0\.0+$/.test(label))).toBe(true);
    expect(new Set(tiny).size).toBe(tiny.length);
    // A native token with 2 decimals: steps of at least a cent, labels never beyond its decimals.
    const cents = priceAxis(native('1', 2), 0.001, 0.002);
    expect(cents.decimals).toBe(2);
    expect(new Set(cents.ticks.map((t) => axisLabel(t, 2))).size).toBe(cents.ticks.length);
    expect(priceAxis(native('1', 0), 3, 4).decimals).toBe(0);
    expect(axisLabel(-1, 2)).toBe('-$1.00');
  });
});
