import { Button } from '@vault/ui/button';
import { type KeyboardEvent, useRef } from 'react';
import { PLAN_TABS, type PlanTab, TAB_LABELS } from './describe';

/** The three tabs, a WAI-ARIA tab list: arrows, Home and End move between them (and show the tab). */
export function PlanTabs({ value, onChoose }: { value: PlanTab; onChoose: (tab: PlanTab) => void }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const at = PLAN_TABS.indexOf(value);
    const next =
      event.key === 'ArrowRight'
        ? PLAN_TABS[(at + 1) % PLAN_TABS.length]
        : event.key === 'ArrowLeft'
          ? PLAN_TABS[(at + PLAN_TABS.length - 1) % PLAN_TABS.length]
          : event.key === 'Home'
            ? PLAN_TABS[0]
            : event.key === 'End'
              ? PLAN_TABS[PLAN_TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Plans and renewals" className="flex flex-wrap gap-2 border-b border-line pb-2">
      {PLAN_TABS.map((tab) => (
        <Button
          key={tab}
          ref={(el) => {
            refs.current[tab] = el;
          }}
          id={`plans-tab-${tab}`}
          role="tab"
          size="sm"
          aria-selected={value === tab}
          aria-controls="plans-panel"
          tabIndex={value === tab ? 0 : -1}
          variant={value === tab ? 'primary' : 'secondary'}
          onClick={() => onChoose(tab)}
          onKeyDown={onKeyDown}
        >
          {TAB_LABELS[tab]}
        </Button>
      ))}
    </div>
  );
}
