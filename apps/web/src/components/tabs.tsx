import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';

export type TabItem<K extends string> = {
  key: K;
  label: string;
  /** A count beside the label (the wallets of a category), read as "(3 wallets)" with `countNoun`. */
  count?: number;
};

/**
 * Tabs as an ARIA tablist with one panel (its content swapped): one tab in the Tab order, arrows, Home and
 * End move between them and select (automatic activation: switching is instant, nothing is fetched). Where
 * the tabs do not fit (phones), the strip scrolls sideways, with a fade and an arrow at the edge that has more.
 * Ids: `${idPrefix}-tab-${key}`, `${idPrefix}-panel-${key}`; test ids `${idPrefix}-tab-strip` and `more-tabs-left|right`.
 */
export function Tabs<K extends string>({
  items,
  active,
  onSelect,
  label,
  idPrefix,
  countNoun = '',
  bleed = false,
  children,
}: {
  items: readonly TabItem<K>[];
  active: K;
  onSelect: (key: K) => void;
  /** The tablist's accessible name. */
  label: string;
  idPrefix: string;
  countNoun?: string;
  /** The strip reaches the edges of the card it sits in (a Card's p-5 sm:p-6). */
  bleed?: boolean;
  children: ReactNode;
}) {
  const tabId = (key: K) => `${idPrefix}-tab-${key}`;
  const panelId = (key: K) => `${idPrefix}-panel-${key}`;
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const strip = useRef<HTMLDivElement>(null);
  const more = useOverflowHints(strip);

  // The selected tab stays in view inside the strip (a tab chosen with the keys, or restored on return);
  // only the strip scrolls, never the page.
  useEffect(() => {
    const tab = refs.current.get(active);
    const el = strip.current;
    if (!tab || !el) return;
    const margin = 24;
    if (tab.offsetLeft - margin < el.scrollLeft) el.scrollTo({ left: tab.offsetLeft - margin });
    else if (tab.offsetLeft + tab.offsetWidth + margin > el.scrollLeft + el.clientWidth)
      el.scrollTo({ left: tab.offsetLeft + tab.offsetWidth + margin - el.clientWidth });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent) => {
    // From the focused tab, not the selected one: fast key repeats arrive before the selection re-renders.
    const focused = (event.target as HTMLElement).dataset.tabKey;
    const index = items.findIndex((item) => item.key === (focused ?? active));
    const last = items.length - 1;
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
    const key = items[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div>
      <div className={`relative ${bleed ? '-mx-5 sm:-mx-6' : ''}`}>
        {/* relative: the tabs' screen-reader-only text must stay inside the scrolling strip on phones. */}
        <div
          ref={strip}
          data-testid={`${idPrefix}-tab-strip`}
          className={`relative overflow-x-auto ${bleed ? 'px-5 sm:px-6' : ''}`}
        >
          <div
            role="tablist"
            aria-label={label}
            onKeyDown={onKeyDown}
            className="flex min-w-max gap-1 border-b border-line"
          >
            {items.map((item) => {
              const selected = item.key === active;
              return (
                <button
                  key={item.key}
                  ref={(el) => {
                    if (el) refs.current.set(item.key, el);
                    else refs.current.delete(item.key);
                  }}
                  type="button"
                  role="tab"
                  id={tabId(item.key)}
                  data-tab-key={item.key}
                  aria-selected={selected}
                  // Only the selected tab's panel exists (one panel, its content swapped), so only it is referenced.
                  aria-controls={selected ? panelId(item.key) : undefined}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => onSelect(item.key)}
                  className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
                    selected
                      ? 'border-primary text-ink'
                      : 'border-transparent text-ink-subtle hover:border-line-strong hover:text-ink'
                  }`}
                >
                  {item.label}
                  {item.count === undefined ? null : (
                    <span
                      className={`rounded-full px-1.5 text-xs tabular-nums ${selected ? 'bg-navy-900 text-accent-on-dark' : 'bg-sunken text-ink-subtle'}`}
                    >
                      <span className="sr-only">(</span>
                      {item.count}
                      <span className="sr-only">{countNoun ? ` ${countNoun})` : ')'}</span>
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        </div>
        <MoreTabs side="left" shown={more.left} onClick={() => strip.current?.scrollBy({ left: -160 })} />
        <MoreTabs side="right" shown={more.right} onClick={() => strip.current?.scrollBy({ left: 160 })} />
      </div>
      <div
        role="tabpanel"
        id={panelId(active)}
        aria-labelledby={tabId(active)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel focusable, so a panel without links (an empty tab) is reached with Tab too.
        tabIndex={0}
        className="rounded-sm pt-4 outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        {children}
      </div>
    </div>
  );
}

/** Whether the strip has tabs out of view to its left and right; follows scrolling and resizing. */
function useOverflowHints(strip: { current: HTMLDivElement | null }) {
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const update = () => {
      const left = el.scrollLeft > 1;
      const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [strip]);
  return more;
}

/**
 * The hint at one edge of the strip: the card's white fading over the tabs, with an arrow. For the eye and
 * the pointer only: keyboard users move between tabs with the arrow keys, screen readers list every tab.
 */
function MoreTabs({ side, shown, onClick }: { side: 'left' | 'right'; shown: boolean; onClick: () => void }) {
  if (!shown) return null;
  const left = side === 'left';
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={`more-tabs-${side}`}
      onClick={onClick}
      className={`absolute top-0 bottom-px flex w-12 items-center text-ink-subtle ${
        left ? 'left-0 justify-start bg-linear-to-r pl-1' : 'right-0 justify-end bg-linear-to-l pr-1'
      } from-surface via-surface/90 to-transparent`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d={left ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
