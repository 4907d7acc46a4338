import { toFixed } from '@vault/contract/money';

/**
 * Display rules of spec 1 §9 / spec 2 §9, in one place: USD 2 decimals, native wallets their own decimals,
 * crypto wallets 5, opportunity 2, rates 3, 24h change 4. Values arrive as decimal strings and stay strings.
 */
export const DECIMALS = { usd: 2, crypto: 5, opportunity: 2, rate: 3, change: 4 } as const;

/** 1234567.5 -> '1,234,567.50' (grouping on the whole part only, no float conversion). */
export function grouped(amount: string, decimals: number): string {
  const fixed = toFixed(amount, decimals);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const withCommas = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${withCommas}${fraction ? `.${fraction}` : ''}`;
}

export const usd = (amount: string) => `$${grouped(amount, DECIMALS.usd)}`;

/** What a hidden balance shows (spec: asterisks). */
export const HIDDEN = '****';
