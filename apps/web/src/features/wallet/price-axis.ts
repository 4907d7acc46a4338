import { SCALE } from '@vault/contract/money';
import type { PriceRule } from '../../lib/money-format';

/**
 * The price graph's vertical axis. Tick values are chart geometry (floats), never an amount anyone pays,
 * so they are computed and formatted as numbers; what matters is round ticks, every label with the same
 * number of decimals, enough to tell the ticks apart and a tiny price from $0, and never below $0.
 */

/** About how many steps the axis has. */
const STEPS = 4;

/** The fewest decimals (0 to 8) that write `value` exactly enough for a label. */
function decimalPlaces(value: number): number {
  for (let d = 0; d < SCALE; d++) {
    const written = Math.round(value * 10 ** d) / 10 ** d;
    if (Math.abs(written - value) <= Math.abs(value) * 1e-9) return d;
  }
  return SCALE;
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) of at least `raw`, and at least one unit of the last decimal shown. */
function niceStep(raw: number, most: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  // (A hair of tolerance: 0.2 / 4 may come out as 0.05000000000000002.)
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * magnitude;
  return Math.max(step, 10 ** -most);
}

/**
 * Ticks and label decimals for prices between `low` and `high` (displayed prices, as plotted). The range
 * gets a tenth of the spread above and below (of the price itself when it did not move, so a flat line sits
 * in the middle), never below $0, and is widened to round steps. Decimals: 2 (dollars and cents; none from
 * $1,000 up) unless the rule shows fewer, more when the step or a price below $1 needs them, never more than
 * the rule's own decimals (native tokens) or 8.
 */
export function priceAxis(rule: PriceRule, low: number, high: number): { ticks: number[]; decimals: number } {
  const most = rule.kind === 'native' ? Math.max(0, Math.min(rule.decimals, SCALE)) : SCALE;
  const pad = (high - low || Math.abs(high) || 1) / 10;
  const from = Math.max(0, low - pad);
  const to = high + pad;
  const step = niceStep((to - from) / STEPS, most);
  const first = Math.floor(from / step);
  const ticks: number[] = [];
  // Each tick from its index (no running sum), rounded to shed float noise (0.30000000000000004).
  for (let i = first; ticks.length === 0 || ticks[ticks.length - 1]! < to; i++) {
    ticks.push(Number((i * step).toFixed(SCALE)));
  }
  const top = Math.max(Math.abs(high), Math.abs(low));
  const least = top >= 1000 ? 0 : Math.min(2, most);
  const forTiny = top > 0 && top < 1 ? Math.ceil(-Math.log10(top)) + 1 : 0;
  return { ticks, decimals: Math.min(most, Math.max(least, decimalPlaces(step), forTiny)) };
}

/** One axis label: '$1,234.50' at exactly `decimals` places ('-$1.00' below zero). */
export function axisLabel(value: number, decimals: number): string {
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return `${value < 0 ? '-' : ''}$${text}`;
}
