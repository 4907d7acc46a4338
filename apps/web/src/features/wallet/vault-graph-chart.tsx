import { compare } from '@vault/contract/money';
import { type PricePoint, SPARKLINE_RANGES, type Sparklines } from '@vault/contract/schemas/wallet';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Area, AreaChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isColor } from '../../components/token-icon';
import { displayPrice, type PriceRule } from '../../lib/money-format';
import { axisLabel, priceAxis } from './price-axis';
import { useSparklines } from './queries';

type Range = (typeof SPARKLINE_RANGES)[number];
const seriesOf = (data: Sparklines, days: Range): PricePoint[] => data[`spark_line_${days}_day`];

/** Lowest and highest of the range, compared as exact decimals. */
function extremes(points: PricePoint[]) {
  let low = points[0]!;
  let high = points[0]!;
  for (const p of points) {
    if (compare(p.price, low.price) < 0) low = p;
    if (compare(p.price, high.price) > 0) high = p;
  }
  return { low: low.price, high: high.price };
}

/** Axis marks on round times: every 4 hours for a day, daily for 7 days, every 5 or 15 days beyond. */
function axisTicks(from: number, to: number, days: Range): number[] {
  const [step, unit] = days === 1 ? [4, 'hour' as const] : [days === 7 ? 1 : days === 30 ? 5 : 15, 'day' as const];
  let t = dayjs(from).startOf(unit);
  if (unit === 'hour') t = t.hour(Math.ceil(t.hour() / step) * step);
  if (t.valueOf() < from) t = t.add(step, unit);
  const ticks: number[] = [];
  for (; t.valueOf() <= to; t = t.add(step, unit)) ticks.push(t.valueOf());
  return ticks;
}

/**
 * The token's price graph with its 1D, 7D, 30D and 90D ranges (spec 2 §2, §9), from coin/sparklines; its
 * prices shown by the same rule as the wallet's price (a native token's multiplier and decimals).
 */
export function PriceGraph({ symbol, color, priceRule }: { symbol: string; color: string; priceRule: PriceRule }) {
  const [days, setDays] = useState<Range>(7);
  const sparklines = useSparklines(symbol);
  const points = sparklines.data ? seriesOf(sparklines.data, days) : [];
  // The line is always dark enough to see (3:1); the token's own colour tints the area under it.
  const fill = isColor(color) ? color : 'var(--color-navy-700)';

  return (
    <section aria-labelledby="price-graph-heading" className={cardClass}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="price-graph-heading" className="font-semibold text-ink">
          Price
        </h2>
        <fieldset className="flex rounded-lg bg-sunken p-1">
          <legend className="sr-only">Price range</legend>
          {SPARKLINE_RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold transition-colors ${
                days === range ? 'bg-navy-900 text-accent-on-dark shadow-sm' : 'text-ink-muted hover:text-ink'
              }`}
            >
              {range}D
            </button>
          ))}
        </fieldset>
      </div>

      {sparklines.isPending ? (
        <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-sunken">
          <p role="status" className="sr-only">
            Loading prices…
          </p>
        </div>
      ) : !sparklines.data ? (
        <LoadError query={sparklines} centered className="h-64" />
      ) : points.length === 0 ? (
        <EmptyState icon="chart" className="h-64 justify-center">
          No prices were recorded in the last {days === 1 ? 'day' : `${days} days`}.
        </EmptyState>
      ) : (
        <Chart points={points} days={days} fill={fill} symbol={symbol} priceRule={priceRule} />
      )}
    </section>
  );
}

function Chart({
  points,
  days,
  fill,
  symbol,
  priceRule,
}: {
  points: PricePoint[];
  days: Range;
  fill: string;
  symbol: string;
  priceRule: PriceRule;
}) {
  const price = (p: string) => displayPrice(p, priceRule).text;
  const { low, high } = extremes(points);
  const first = points[0]!.price;
  const last = points[points.length - 1]!.price;
  // Geometry only: the plotted floats never become a displayed amount (labels use the exact strings).
  const data = points.map((p) => ({
    t: Date.parse(p.time),
    y: Number(displayPrice(p.price, priceRule).amount),
    price: p.price,
  }));
  const ticks = axisTicks(data[0]!.t, data[data.length - 1]!.t, days);
  const ys = data.map((d) => d.y);
  const axis = priceAxis(priceRule, Math.min(...ys), Math.max(...ys));
  // Room for the longest label (about 7 px a character at 12 px), within reason.
  const axisWidth = Math.min(120, Math.max(48, axisLabel(axis.ticks.at(-1)!, axis.decimals).length * 7 + 8));
  const gradient = `price-fill-${symbol}`;
  const range = days === 1 ? 'day' : `${days} days`;

  return (
    <>
      <div
        role="img"
        aria-label={`${symbol} price over the last ${range}: from ${price(first)} to ${price(last)}, lowest ${price(low)}, highest ${price(high)}.`}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={fill} stopOpacity={0.35} />
                <stop offset="100%" stopColor={fill} stopOpacity={0} />
              </linearGradient>
            </defs>
            <XAxis
              dataKey="t"
              type="number"
              scale="time"
              domain={['dataMin', 'dataMax']}
              ticks={ticks}
              tickFormatter={(t: number) => dayjs(t).format(days === 1 ? 'HH:mm' : 'MMM D')}
              tick={{ fontSize: 12, fill: 'var(--color-ink-subtle)' }}
              tickLine={false}
              axisLine={false}
              minTickGap={32}
            />
            <YAxis
              dataKey="y"
              domain={[axis.ticks[0]!, axis.ticks.at(-1)!]}
              ticks={axis.ticks}
              tick={{ fontSize: 12, fill: 'var(--color-ink-subtle)' }}
              tickLine={false}
              axisLine={false}
              width={axisWidth}
              tickFormatter={(v: number) => axisLabel(v, axis.decimals)}
            />
            <Tooltip
              content={({ active, payload }) => {
                const point = active ? (payload?.[0]?.payload as (typeof data)[number] | undefined) : undefined;
                if (!point) return null;
                return (
                  <div className="rounded-lg bg-navy-900 px-3 py-2 text-xs text-on-dark shadow-lg">
                    <p className="text-on-dark-muted">{dayjs(point.t).format('MMM D, YYYY HH:mm')}</p>
                    <p className="font-semibold text-accent-on-dark">{price(point.price)}</p>
                  </div>
                );
              }}
            />
            <Area
              type="monotone"
              dataKey="y"
              stroke="var(--color-navy-700)"
              strokeWidth={2}
              fill={`url(#${gradient})`}
              dot={points.length === 1}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-ink-subtle">Lowest</dt>
          <dd className="font-semibold tabular-nums text-ink">{price(low)}</dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Highest</dt>
          <dd className="font-semibold tabular-nums text-ink">{price(high)}</dd>
        </div>
        <div>
          <dt className="text-ink-subtle">Latest</dt>
          <dd className="font-semibold tabular-nums text-ink">{price(last)}</dd>
        </div>
      </dl>
    </>
  );
}
