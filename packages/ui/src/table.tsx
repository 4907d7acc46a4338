/**
 * The look of every data table (docs/ui.md): small uppercase column heads, hairlines between rows, numbers
 * right-aligned and tabular by the caller. `framed`: the table is the page's own panel (a white card of its
 * own, a tinted head row); otherwise it sits inside a Card and its first and last columns meet the card's padding.
 */
export function tableClasses({ framed = false }: { framed?: boolean } = {}) {
  const edge = framed ? 'px-4' : 'px-3 first:pl-0 last:pr-0';
  return {
    wrap: framed ? 'overflow-x-auto rounded-2xl bg-surface shadow-sm ring-1 ring-line' : '-mx-1 overflow-x-auto px-1',
    table: 'w-full text-left text-sm',
    head: framed ? 'bg-canvas' : 'border-b border-line',
    th: `${edge} py-3 text-xs font-semibold uppercase tracking-wide text-ink-subtle`,
    body: 'divide-y divide-line',
    row: 'transition-colors hover:bg-canvas',
    td: `${edge} py-3 align-middle`,
  };
}

/** Rows of a list that is not a table (a history on phones, notifications): hairlines between items. */
export const listClass = 'divide-y divide-line';
