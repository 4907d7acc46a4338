import { compare } from '@vault/contract/money';
import type { PricePoint } from '@vault/contract/schemas/wallet';
import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { isHexColour } from './asset-icon';
import { formatUsd } from './format';

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The drawing's own units: the SVG is stretched to its box, the line keeps its width. */
const W = 1000;
const H = 300;

/** Lowest and highest price of the range, compared as exact decimals. */
function extremes(points: PricePoint[]) {
  let low = points[0]!.price;
  let high = low;
  for (const p of points) {
    if (compare(p.price, low) < 0) low = p.price;
    if (compare(p.price, high) > 0) high = p.price;
  }
  return { low, high };
}

/**
 * The price graph of a range: the recorded prices as steps (a price holds until the next one is set), the
 * area under them in the asset's colour, the low and high on the left, the range's first and last day below.
 * Drawn as one SVG, without a chart library: recharts would add 88 KB of brotli to this screen for one line
 * (ARCHITECTURE.md "Catalogue administration"). Pointer or arrow keys pick a point, read out above the graph
 * in exact decimals; plotted floats are geometry only. Screen readers get the range's summary as its name.
 */
export default function PriceChart({
  points,
  days,
  color,
  label,
}: {
  points: PricePoint[];
  days: number;
  color: string;
  label: string;
}) {
  const [picked, setPicked] = useState<number | null>(null);
  const times = points.map((p) => Date.parse(p.time));
  const values = points.map((p) => Number(p.price));
  const { low, high } = extremes(points);
  const t0 = times[0]!;
  const t1 = Math.max(times.at(-1)!, t0 + 1);
  // A flat line sits in the middle, not on an edge.
  const spread = Number(high) - Number(low);
  const pad = spread > 0 ? spread * 0.08 : Math.max(Math.abs(Number(high)) * 0.01, 1e-8);
  const lo = Number(low) - pad;
  const hi = Number(high) + pad;
  const x = (t: number) => ((t - t0) / (t1 - t0)) * W;
  const y = (v: number) => H - ((v - lo) / (hi - lo)) * H;

  let line = `M ${x(times[0]!)} ${y(values[0]!)}`;
  for (let i = 1; i < points.length; i++) line += ` H ${x(times[i]!)} V ${y(values[i]!)}`;
  const area = `${line} V ${H} H ${x(times[0]!)} Z`;
  const fill = isHexColour(color) ? color : 'var(--color-navy-700)';

  const active = picked ?? points.length - 1;
  const point = points[active]!;
  const when = active === points.length - 1 ? 'now' : timeFormat.format(times[active]!);
  const readout = `${formatUsd(point.price)} ${when}`;
  const summary = `${label}: from ${formatUsd(points[0]!.price)} to ${formatUsd(points.at(-1)!.price)}, low ${formatUsd(low)}, high ${formatUsd(high)}`;

  /** The point in effect at the pointer's time (the last one recorded at or before it). */
  function pick(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const at = t0 + ((event.clientX - box.left) / box.width) * (t1 - t0);
    let i = 0;
    while (i + 1 < times.length && times[i + 1]! <= at) i++;
    setPicked(i);
  }

  function keys(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: active - 1,
      ArrowRight: active + 1,
      Home: 0,
      End: points.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setPicked(Math.min(points.length - 1, Math.max(0, next)));
  }

  return (
    <figure className="flex h-full flex-col gap-2" aria-label={summary}>
      <figcaption className="text-sm text-ink-muted tabular-nums">
        <span className="font-semibold text-ink">{formatUsd(point.price)}</span> {when}
      </figcaption>
      <div className="grid min-h-0 flex-1 grid-cols-[auto_1fr] grid-rows-[1fr_auto] gap-x-2">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between py-1 text-right text-xs text-ink-subtle tabular-nums"
        >
          <span>{formatUsd(high)}</span>
          <span>{formatUsd(low)}</span>
        </div>
        {/* The graph is a slider over its points: arrow keys, Home and End pick one, read out above. */}
        <div
          tabIndex={0}
          role="slider"
          aria-label={`Point of the graph (${label})`}
          aria-valuemin={0}
          aria-valuemax={points.length - 1}
          aria-valuenow={active}
          aria-valuetext={readout}
          onKeyDown={keys}
          onPointerMove={pick}
          onPointerLeave={() => setPicked(null)}
          className="relative min-h-0 touch-none rounded-sm border-b border-l border-line-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <svg
            viewBox={`0 0 ${W} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            aria-hidden="true"
          >
            {[0.25, 0.5, 0.75].map((f) => (
              <line
                key={f}
                x1={0}
                x2={W}
                y1={H * f}
                y2={H * f}
                stroke="var(--color-line)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path d={area} fill={fill} fillOpacity={0.25} />
            <path
              d={line}
              fill="none"
              stroke="var(--color-navy-700)"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
            <line
              x1={x(times[active]!)}
              x2={x(times[active]!)}
              y1={0}
              y2={H}
              stroke="var(--color-ink-subtle)"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          <span
            aria-hidden="true"
            className="absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-navy-700 ring-2 ring-surface"
            style={{ left: `${(x(times[active]!) / W) * 100}%`, top: `${(y(values[active]!) / H) * 100}%` }}
          />
        </div>
        <span />
        <div aria-hidden="true" className="flex justify-between pt-1 text-xs text-ink-subtle">
          <span>{days === 1 ? timeFormat.format(t0) : dayFormat.format(t0)}</span>
          <span>{days === 1 ? timeFormat.format(t1) : dayFormat.format(t1)}</span>
        </div>
      </div>
    </figure>
  );
}
