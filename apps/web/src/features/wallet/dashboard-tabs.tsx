import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { CATEGORIES, type CategoryKey } from './portfolio';

const tabId = (key: CategoryKey) => `wallet-tab-${key}`;
const panelId = (key: CategoryKey) => `wallet-panel-${key}`;

/**
 * The five wallet tabs (spec 1 §2) as an ARIA tablist: one tab in the Tab order, arrows, Home and End
 * move between them and select (automatic activation: switching is instant, nothing is fetched).
 */
export function DashboardTabs({
  active,
  onSelect,
  counts,
  children,
}: {
  active: CategoryKey;
  onSelect: (key: CategoryKey) => void;
  counts: Record<CategoryKey, number>;
  children: ReactNode;
}) {
  const refs = useRef(new Map<CategoryKey, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    // From the focused tab, not the selected one: fast key repeats arrive before the selection re-renders.
    const focused = (event.target as HTMLElement).dataset.category;
    const index = CATEGORIES.findIndex((c) => c.key === (focused ?? active));
    const last = CATEGORIES.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = CATEGORIES[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div>
      {/* relative: the tabs' screen-reader-only text must stay inside the scrolling strip on phones. */}
      <div className="relative -mx-5 overflow-x-auto px-5 sm:-mx-6 sm:px-6">
        <div
          role="tablist"
          aria-label="Wallets"
          onKeyDown={onKeyDown}
          className="flex min-w-max gap-1 border-b border-slate-200"
        >
          {CATEGORIES.map((c) => {
            const selected = c.key === active;
            return (
              <button
                key={c.key}
                ref={(el) => {
                  if (el) refs.current.set(c.key, el);
                  else refs.current.delete(c.key);
                }}
                type="button"
                role="tab"
                id={tabId(c.key)}
                data-category={c.key}
                aria-selected={selected}
                // Only the selected tab's panel exists (one panel, its content swapped), so only it is referenced.
                aria-controls={selected ? panelId(c.key) : undefined}
                tabIndex={selected ? 0 : -1}
                onClick={() => onSelect(c.key)}
                className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
                  selected
                    ? 'border-gold-500 text-navy-900'
                    : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-navy-900'
                }`}
              >
                {c.tab}
                <span
                  className={`rounded-full px-1.5 text-xs tabular-nums ${selected ? 'bg-navy-900 text-gold-400' : 'bg-slate-100 text-slate-500'}`}
                >
                  <span className="sr-only">(</span>
                  {counts[c.key]}
                  <span className="sr-only"> wallets)</span>
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={panelId(active)}
        aria-labelledby={tabId(active)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel focusable, so a panel without links (an empty tab) is reached with Tab too.
        tabIndex={0}
        className="pt-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded-sm"
      >
        {children}
      </div>
    </div>
  );
}
