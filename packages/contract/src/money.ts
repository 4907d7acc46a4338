/**
 * Money without floating point. Amounts travel as decimal strings with at most 8 decimals, live in
 * PostgreSQL as NUMERIC, and are computed here as bigint counts of 1e-8 units.
 */

export const SCALE = 8;
const UNIT = 10n ** BigInt(SCALE);
const DECIMAL = /^(-)?(\d{1,20})(?:\.(\d{1,8}))?$/;

/** Units of 1e-8 for a decimal string ('12.5' → 1250000000n); throws on anything else. */
export function toUnits(amount: string): bigint {
  const match = DECIMAL.exec(amount.trim());
  if (!match) throw new Error(`not a decimal amount with at most ${SCALE} decimals: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * UNIT + BigInt(fraction.padEnd(SCALE, '0'));
  return sign ? -units : units;
}

/** Whether a string is a decimal amount this module accepts. */
export const isAmount = (amount: string) => DECIMAL.test(amount.trim());

/** The canonical decimal string of a unit count: no trailing zeros, no '-0' ('1250000000n' → '12.5'). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative && abs !== 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Canonical form of a decimal string ('1.50000000' → '1.5'). */
export const normalize = (amount: string) => fromUnits(toUnits(amount));

export const add = (a: string, b: string) => fromUnits(toUnits(a) + toUnits(b));
export const subtract = (a: string, b: string) => fromUnits(toUnits(a) - toUnits(b));
export const compare = (a: string, b: string) => {
  const d = toUnits(a) - toUnits(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const isPositive = (a: string) => toUnits(a) > 0n;
export const negate = (a: string) => fromUnits(-toUnits(a));

/** Rounds a unit count to `decimals` places, half away from zero. */
function roundUnits(units: bigint, decimals: number): bigint {
  const step = 10n ** BigInt(SCALE - decimals);
  const half = step / 2n;
  const abs = units < 0n ? -units : units;
  const rounded = ((abs + half) / step) * step;
  return units < 0n ? -rounded : rounded;
}

/** Rounds half-up to `decimals` places (0 to 8). */
export const round = (amount: string, decimals: number) => fromUnits(roundUnits(toUnits(amount), decimals));

/** amount × price, exact, rounded once half-up to `decimals` (USD values: 2). */
export function multiply(amount: string, price: string, decimals = SCALE): string {
  const product = toUnits(amount) * toUnits(price); // exact, 16 decimals
  const step = 10n ** BigInt(2 * SCALE - decimals);
  const abs = product < 0n ? -product : product;
  // Rounding straight from 16 places: 0.0049999999 is 0.00, not 0.005 then 0.01.
  const rounded = ((abs + step / 2n) / step) * 10n ** BigInt(SCALE - decimals);
  return fromUnits(product < 0n ? -rounded : rounded);
}

/**
 * amount ÷ price, exact, cut DOWN (toward zero) to `decimals` places: what a sum of money buys of a token
 * priced at `price` never rounds up into units nobody paid for. `price` must be positive.
 */
export function divideDown(amount: string, price: string, decimals = SCALE): string {
  const divisor = toUnits(price);
  if (divisor <= 0n) throw new RangeError('divideDown: the price must be positive');
  const step = 10n ** BigInt(SCALE - decimals);
  const quotient = (toUnits(amount) * 10n ** BigInt(SCALE)) / divisor; // units, truncated toward zero
  return fromUnits((quotient / step) * step);
}

/**
 * `percent` % of `amount`, cut DOWN to `decimals` places: a fee taken by this never exceeds its rate
 * ('1.5' % of '10' at 2 decimals is '0.15').
 */
export function percentOf(amount: string, percent: string, decimals = SCALE): string {
  const product = toUnits(amount) * toUnits(percent); // exact, 16 decimals
  const step = 100n * 10n ** BigInt(2 * SCALE - decimals);
  return fromUnits((product / step) * 10n ** BigInt(SCALE - decimals)); // toward zero
}

/** Fixed decimals for display ('12.5', 2 → '12.50'), rounding half-up. */
export function toFixed(amount: string, decimals: number): string {
  const value = round(amount, decimals);
  if (decimals === 0) return value;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(decimals, '0')}`;
}
