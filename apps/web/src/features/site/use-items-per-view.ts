import { CAROUSEL_BREAKPOINTS } from '@vault/contract/constants';
import { useSyncExternalStore } from 'react';

// largest breakpoint first, as in the contract, so the first match wins
const queries = CAROUSEL_BREAKPOINTS.map((b) => ({ query: `(min-width: ${b.minWidth}px)`, items: b.items }));

function subscribe(onChange: () => void) {
  const lists = queries.map((q) => window.matchMedia(q.query));
  for (const l of lists) l.addEventListener('change', onChange);
  return () => {
    for (const l of lists) l.removeEventListener('change', onChange);
  };
}

function snapshot(): number {
  return queries.find((q) => window.matchMedia(q.query).matches)?.items ?? 1;
}

/** Carousel items visible at the current viewport width: 1, 2 or 3 (spec 1 §9). */
export function useItemsPerView(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 1);
}
