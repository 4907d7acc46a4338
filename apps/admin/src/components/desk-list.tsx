import type { ColumnDef } from '@tanstack/react-table';
import { EmptyState } from '@vault/ui/empty-state';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { FilterButtons } from './filter-buttons';
import type { ListQuery } from './list-frame';
import { type Outcome, OutcomeNotice } from './outcome-notice';
import { PagedList } from './paged-list';
import { type PageState, useServerPagedTable } from './use-server-paged-table';

/** A desk's list state, as the address holds it: a status filter (or 'all') and the page. */
export type DeskState<S extends string> = PageState & { status: S | 'all' };

/** What a desk says: its heading, its count, its table's caption and what stands in for no row. */
export type DeskTexts = {
  title: string;
  /** What the count says under no filter ("direct wires"); a filter's label otherwise. */
  counted: string;
  /** The table's caption before ": <filter>" ("Direct wires"). */
  caption: string;
  loading: string;
  errorTitle: string;
  pagerLabel: string;
  /** Nothing at all, under no filter. */
  none: string;
  /** Nothing pending: the desk's work is done. */
  nonePending: string;
  /** "wires": "No expired wires." */
  plural: string;
  /** The button that drops the filter ("Show every wire"). */
  showAll: string;
};

/**
 * A funding desk's list screen (the Wires and Redemptions desks): the heading with the count, the status
 * filter buttons, the last decision's outcome, the server-paged table, and the dialog of the row opened. The
 * dialog keeps the row it was opened with while the list moves on (a refetch, another page), and shows the
 * list's newest copy of it once there is one; its decisions ask the list again themselves.
 */
export function DeskList<T extends { _id: string }, S extends string>({
  id,
  texts,
  query,
  state,
  update,
  filters,
  filterLabels,
  columns,
  dialog,
  opens = null,
  onClosed,
}: {
  /** The section's id stem: the heading is `${id}-title`. */
  id: string;
  texts: DeskTexts;
  query: ListQuery & { data: { data: T[]; total: number } | undefined };
  state: DeskState<S>;
  update: (patch: Partial<DeskState<S>>) => void;
  filters: readonly (S | 'all')[];
  filterLabels: Record<S | 'all', string>;
  /** The columns, given how a row opens (stable: the table is rebuilt when it changes). */
  columns: (open: (row: T) => void) => ColumnDef<T>[];
  dialog: (current: T | null, close: () => void, onOutcome: (outcome: Outcome) => void) => ReactNode;
  /** A row to open from outside the list (the address names it: the Approvals queue links to it). */
  opens?: T | null;
  onClosed?: () => void;
}) {
  const [opened, setOpened] = useState<T | null>(null);
  useEffect(() => {
    if (opens) setOpened(opens);
  }, [opens]);
  const close = () => {
    setOpened(null);
    onClosed?.();
  };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const columnDefs = useMemo(() => columns(setOpened), [columns]);
  const data = query.data;
  const table = useServerPagedTable({
    data: data?.data ?? none<T>(),
    total: data?.total ?? 0,
    columns: columnDefs,
    getRowId: (row) => row._id,
    state,
    update,
  });

  const label = filterLabels[state.status].toLowerCase();
  const all = state.status === 'all';
  const current = opened ? (data?.data.find((row) => row._id === opened._id) ?? opened) : null;
  const showAll = () => update({ status: 'all', page: 1 });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 id={`${id}-title`} className="text-2xl font-semibold text-ink">
          {texts.title}
        </h1>
        {data ? (
          <p className="text-sm text-ink-muted">
            {data.total.toLocaleString('en-US')} {all ? texts.counted : label}
          </p>
        ) : null}
      </div>

      <FilterButtons
        legend="Status"
        options={filters}
        labels={filterLabels}
        value={state.status}
        onChoose={(status) => update({ status, page: 1 })}
      />

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />
      <PagedList
        query={query}
        table={table}
        page={state.page}
        total={data?.total}
        loading={texts.loading}
        errorTitle={texts.errorTitle}
        caption={`${texts.caption}${all ? '' : `: ${label}`}`}
        pagerLabel={texts.pagerLabel}
        onFirstPage={() => update({ page: 1 })}
        onOpen={(row) => setOpened(row.original)}
        empty={
          all ? (
            <EmptyState icon="box">{texts.none}</EmptyState>
          ) : (
            <EmptyState icon="box" action={{ label: texts.showAll, onClick: showAll }}>
              {state.status === 'pending' ? texts.nonePending : `No ${label} ${texts.plural}.`}
            </EmptyState>
          )
        }
      />

      {dialog(current, close, setOutcome)}
    </section>
  );
}

// One empty array for every render without rows: a new one each time would make the table rebuild its rows.
const EMPTY: never[] = [];
const none = <T,>(): T[] => EMPTY;
