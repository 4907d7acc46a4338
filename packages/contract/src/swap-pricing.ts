import { fromUnits, SCALE, toUnits } from './money.ts';

/**
 * The arithmetic of a swap (issue 10 §5), in bigint units of 1e-8, shared by the server (which prices and
 * pays) and the web app (which shows what a typed amount would receive before asking for a firm quote).
 *
 * The platform is the counterparty at the catalogue's prices: `amount` of A is worth amount × price(A) / price(B)
 * of B (the gross), rounded half-up once to B's decimals; the spread, a percentage set by administrators, is
 * taken from the gross in B (rounded half-up to B's decimals) and paid to the platform's revenue, and the
 * member receives the rest. Nothing is rounded twice: the gross comes straight from the exact product.
 */

/** Basis points in 100 %. */
const BPS = 10_000n;
const ONE = 10n ** BigInt(SCALE);

export const DEFAULT_SWAP_SPREAD_PERCENT = '0.5';
/** Administrators may set 0 to 10 %, in steps of 0.01 % (one basis point). */
export const MAX_SWAP_SPREAD_PERCENT = '10';
/** A spread as administrators write it: a percentage with at most 2 decimals. */
export const SWAP_SPREAD_PATTERN = /^\d{1,2}(\.\d{1,2})?$/;

/** num / den rounded half-up (both positive, den > 0). */
const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);

/** '0.5' (percent) → 50 basis points. The percentage has at most 2 decimals (SWAP_SPREAD_PATTERN). */
export const spreadBps = (percent: string): number => Number(toUnits(percent) / 10n ** BigInt(SCALE - 2));

/** 50 basis points → '0.5' (percent). */
export const spreadPercent = (bps: number): string => fromUnits(BigInt(bps) * 10n ** BigInt(SCALE - 2));

export type SwapPrices = {
  /** USD price of one unit of what the member gives (A) and of what they receive (B). */
  fromPrice: string;
  toPrice: string;
  /** The spread in basis points (50 = 0.5 %). */
  spreadBps: number;
  /** B's decimals: what the member receives is rounded to them. */
  toDecimals: number;
};

export type SwapAmounts = {
  /** amount × fromPrice / toPrice, half-up to B's decimals. */
  grossAmount: string;
  /** The spread, in B: gross × spread, half-up to B's decimals. */
  fee: string;
  /** gross − fee: what the member receives. */
  receiveAmount: string;
};

/** What `amount` of A gives in B at these prices and spread. */
export function priceSwap(amount: string, p: SwapPrices): SwapAmounts {
  const a = toUnits(amount);
  const step = 10n ** BigInt(SCALE - p.toDecimals);
  const gross = halfUp(a * toUnits(p.fromPrice), toUnits(p.toPrice) * step) * step;
  const fee = halfUp(gross * BigInt(p.spreadBps), BPS * step) * step;
  return { grossAmount: fromUnits(gross), fee: fromUnits(fee), receiveAmount: fromUnits(gross - fee) };
}

/**
 * Units of B per unit of A, to 8 decimals: `marketRate` at the catalogue's prices, `rate` after the spread
 * (what one unit receives before rounding to B's decimals).
 */
export function swapRates(p: Pick<SwapPrices, 'fromPrice' | 'toPrice' | 'spreadBps'>) {
  const from = toUnits(p.fromPrice);
  const to = toUnits(p.toPrice);
  return {
    marketRate: fromUnits(halfUp(ONE * from, to)),
    rate: fromUnits(halfUp(ONE * from * (BPS - BigInt(p.spreadBps)), to * BPS)),
  };
}

/**
 * Whether the rate (fromPrice / toPrice) moved, since the quote, by more than `toleranceBps` of the quoted
 * rate, either way: |now − quoted| / quoted > tolerance, in integers.
 */
export function rateMovedBeyond(
  quoted: Pick<SwapPrices, 'fromPrice' | 'toPrice'>,
  now: Pick<SwapPrices, 'fromPrice' | 'toPrice'>,
  toleranceBps: number,
): boolean {
  const quotedFrom = toUnits(quoted.fromPrice);
  const quotedTo = toUnits(quoted.toPrice);
  const nowFrom = toUnits(now.fromPrice);
  const nowTo = toUnits(now.toPrice);
  const difference = nowFrom * quotedTo - quotedFrom * nowTo;
  const abs = difference < 0n ? -difference : difference;
  return abs * BPS > BigInt(toleranceBps) * quotedFrom * nowTo;
}

/**
 * `numerator`/`denominator` of a balance, rounded DOWN to `decimals` (the quick buttons: a quarter, half,
 * all of it), so the amount never exceeds the balance.
 */
export function shareOf(balance: string, numerator: number, denominator: number, decimals: number): string {
  const step = 10n ** BigInt(SCALE - decimals);
  const units = (toUnits(balance) * BigInt(numerator)) / BigInt(denominator);
  return fromUnits(units < 0n ? 0n : (units / step) * step);
}
