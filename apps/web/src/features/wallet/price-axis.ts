import { SCALE } from '@vault/contract/money';
import type { PriceRule } from '../../lib/money-format';

/**
 * The price graph's vertical axis labels. Tick values are chart geometry (floats recharts chose), never
 * an amount anyone pays, so formatting them with Intl is fine; what matters is that every label has the
 * same number of decimals, enough to tell the ticks apart and a tiny price from $0, and never more than
 * the prices themselves carry.
 */

/** About how many labels the axis shows (recharts' default tick count is 5). */
const TICKS = 4;

/**
 * Decimals for the axis of prices between `low` and `high` (displayed prices, as plotted): 2 (dollars and
 * cents; none from $1,000 up) unless the rule shows fewer, more when needed: enough for a tick step of a quarter of the spread, enough for the
 * first significant digit of a price below $1, and at most the rule's own decimals (native tokens) or 8.
 */
export function axisDecimals(rule: PriceRule, low: number, high: number): number {
  const most = rule.kind === 'native' ? Math.max(0, Math.min(rule.decimals, SCALE)) : SCALE;
  const top = Math.max(Math.abs(high), Math.abs(low));
  // Cents add nothing but width to labels in the thousands ($64,500).
  const least = top >= 1000 ? 0 : Math.min(2, most);
  const spread = Math.abs(high - low);
  const forSteps = spread > 0 ? Math.ceil(-Math.log10(spread / TICKS)) : 0;
  const forTiny = top > 0 && top < 1 ? Math.ceil(-Math.log10(top)) + 1 : 0;
  return Math.min(most, Math.max(least, forSteps, forTiny));
}

/** One axis label: '$1,234.50' at exactly `decimals` places. */
export const axisLabel = (value: number, decimals: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
