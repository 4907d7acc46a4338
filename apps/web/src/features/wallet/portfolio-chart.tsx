import { isPositive } from '@vault/contract/money';
import { Cell, Pie, PieChart } from 'recharts';
import { usd } from '../../lib/money-format';
import { Masked } from './masked';
import { CATEGORIES, type CategoryKey } from './portfolio';

/**
 * The portfolio by category as a donut (spec 1 §2) with its legend, which is also the chart's text
 * alternative: every category and its USD value, readable without the picture.
 */
export function PortfolioChart({
  byCategory,
  hidden,
}: {
  byCategory: Record<CategoryKey, string | null>;
  hidden: boolean;
}) {
  // Slice sizes only: the float never reaches a displayed amount, which stays the exact string. A category
  // whose value is unknown gets no slice (its legend says so with a dash).
  const slices = CATEGORIES.flatMap((c) => {
    const value = byCategory[c.key];
    return value !== null && isPositive(value) ? [{ name: c.label, value: Number(value), color: c.color }] : [];
  });

  return (
    // Side by side where the card has the room: full width (sm), or half the row from xl; stacked in the
    // half-width card beside the side menu (lg), where the legend's amounts would not fit beside the donut.
    <figure className="flex flex-col items-center gap-6 sm:flex-row lg:flex-col xl:flex-row">
      <div aria-hidden="true" inert className="shrink-0">
        <PieChart width={168} height={168} accessibilityLayer={false}>
          {slices.length === 0 ? (
            <Pie
              data={[{ name: 'none', value: 1 }]}
              dataKey="value"
              innerRadius={56}
              outerRadius={80}
              fill="var(--color-line)"
              stroke="none"
              isAnimationActive={false}
            />
          ) : (
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              innerRadius={56}
              outerRadius={80}
              paddingAngle={slices.length > 1 ? 2 : 0}
              stroke="none"
              isAnimationActive={false}
            >
              {slices.map((s) => (
                <Cell key={s.name} fill={s.color} />
              ))}
            </Pie>
          )}
        </PieChart>
      </div>
      <figcaption className="w-full min-w-0 flex-1">
        <span className="sr-only">Portfolio by category</span>
        <ul className="space-y-2 text-sm">
          {CATEGORIES.map((c) => (
            <li key={c.key} className="flex items-center justify-between gap-4">
              <span className="flex items-center gap-2 text-ink-muted">
                <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: c.color }} />
                {c.label}
              </span>
              <span className="font-semibold tabular-nums text-ink">
                <Masked hidden={hidden}>{usd(byCategory[c.key])}</Masked>
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
