import { DISPLAY_DECIMALS } from '@vault/contract/constants';
import { isAmount, multiply, SCALE, toFixed } from '@vault/contract/money';

/**
 * Display rules of spec 1 §9 / spec 2 §9, in one place: USD 2 decimals, native wallets their own decimals,
 * crypto wallets 5, opportunity 2, rates 3, native prices as displayPrice says, 24h change 4. Values
 * arrive as decimal strings and stay strings.
 */
export const DECIMALS = DISPLAY_DECIMALS;

/** What an amount that is not a decimal shows, instead of breaking the screen around it. */
export const NOT_AN_AMOUNT = '—';

/**
 * 1234567.5 -> '1,234,567.50' (grouping on the whole part only, no float conversion). Decimals are kept
 * within what the money module holds (0 to 8).
 */
export function grouped(amount: string, decimals: number): string {
  if (!isAmount(amount)) return NOT_AN_AMOUNT;
  const fixed = toFixed(amount, Math.max(0, Math.min(decimals, SCALE)));
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const withCommas = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${withCommas}${fraction ? `.${fraction}` : ''}`;
}

/** '$1,234.50' at `decimals` places; a dash (no dollar sign) for a value that is not known or not an amount. */
function dollars(amount: string | null, decimals: number): string {
  const text = amount === null ? NOT_AN_AMOUNT : grouped(amount, decimals);
  return text === NOT_AN_AMOUNT ? text : `$${text}`;
}

/** A USD value to the cent: '$1,234.50', or a dash when it is not known (null) or not an amount. */
export const usd = (amount: string | null) => dollars(amount, DECIMALS.usd);

/**
 * How a wallet's unit price is shown: a native token by its catalogue multiplier and decimals, a crypto
 * coin's market rate as a rate, an opportunity token's price per unit as its amounts are (2 decimals).
 */
export type PriceRule =
  | { kind: 'native'; multiplier: string; decimals: number }
  | { kind: 'rate' }
  | { kind: 'perUnit' };

/**
 * The displayed price, as an exact decimal (what a chart plots) and as text. Native tokens: "price times
 * multiplier, rounded to the token's decimals" (spec 2 §9), multiplied exactly by the money module; rates:
 * 3 decimals (spec 1 §9 "Rate shown to 3 decimals"); opportunity prices per unit: 2 (spec 1 §9 opportunity 2).
 */
export function displayPrice(price: string, rule: PriceRule): { amount: string; text: string } {
  if (rule.kind === 'rate') return { amount: price, text: dollars(price, DECIMALS.rate) };
  if (rule.kind === 'perUnit') return { amount: price, text: dollars(price, DECIMALS.opportunity) };
  const decimals = Math.max(0, Math.min(rule.decimals, SCALE));
  if (!isAmount(price) || !isAmount(rule.multiplier)) return { amount: price, text: NOT_AN_AMOUNT };
  const amount = multiply(price, rule.multiplier, decimals);
  return { amount, text: dollars(amount, decimals) };
}

/** What a hidden balance shows (spec: asterisks). */
export const HIDDEN = '****';

/** Percent change with its sign, 4 decimals (spec 1 §9): '+1.2500%', '-0.3000%'. */
export function changePercent(change: string): string {
  const text = grouped(change, DECIMALS.change);
  if (text === NOT_AN_AMOUNT) return text;
  return text.startsWith('-') ? `${text}%` : `+${text}%`;
}

/** Whether a 24h change is below zero (red) rather than zero or above (green). */
export const isNegative = (amount: string) => amount.trim().startsWith('-') && /[1-9]/.test(amount);

/** Memos in lists are cut at 30 characters (spec 2 §9); the full text stays available to hover and readers. */
const MEMO_LIMIT = 30;
export const truncateMemo = (memo: string) => (memo.length > MEMO_LIMIT ? `${memo.slice(0, MEMO_LIMIT)}…` : memo);
