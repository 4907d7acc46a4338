import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { tableClasses } from '@vault/ui/table';
import { Fragment, type ReactNode } from 'react';

/** Column extras the table reads (TanStack Table's column meta). */
declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Classes of the column's head and cells: `text-right tabular-nums`, `hidden sm:table-cell`. */
    className?: string;
  }
}

const { wrap, table: tableClass, head, body } = tableClasses({ framed: true });
// Denser than the member app's tables: the back office shows more rows at once.
const th = 'px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-ink-subtle first:pl-4 last:pr-4';
const cell = 'px-3 py-2 align-middle first:pl-4 last:pr-4';

/**
 * Renders a TanStack Table instance (the table's state, paging and sorting are TanStack's; this is only its
 * markup): a caption for screen readers, sortable heads as buttons with aria-sort, the rows, and in their
 * place the loading rows or the empty state. `onOpen` makes a row open something on click; the row must
 * also hold a link (keyboard and screen readers use that). `detail` renders an expanded row's details in a
 * full-width row under it (TanStack's expanding state: a cell's button toggles it, with `aria-controls`
 * naming `detailId(row)`).
 */
export function DataTable<T>({
  table,
  caption,
  loading,
  empty,
  onOpen,
  skeletonRows = 8,
  detail,
}: {
  table: Table<T>;
  caption: string;
  loading: boolean;
  empty: ReactNode;
  onOpen?: (row: Row<T>) => void;
  skeletonRows?: number;
  detail?: (row: Row<T>) => ReactNode;
}) {
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  return (
    <section
      className={wrap}
      aria-label={caption}
      aria-busy={loading || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table may scroll sideways; a keyboard must reach it to scroll it too (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead className={head}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    className={`${th} ${header.column.columnDef.meta?.className ?? ''}`}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 uppercase hover:text-ink"
                      >
                        {label}
                        <SortMark sorted={sorted} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className={body}>
          {loading && rows.length === 0 ? (
            Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
              <tr key={i}>
                {columns.map((column) => (
                  <td key={column.id} className={`${cell} ${column.columnDef.meta?.className ?? ''}`}>
                    <div aria-hidden="true" className="h-4 animate-pulse rounded-sm bg-sunken" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <Fragment key={row.id}>
                <tr
                  onClick={
                    onOpen
                      ? (event) => {
                          // A click on the row's own link or button does its own thing.
                          if ((event.target as HTMLElement).closest('a, button')) return;
                          onOpen(row);
                        }
                      : undefined
                  }
                  className={`transition-colors hover:bg-canvas ${onOpen ? 'cursor-pointer' : ''}`}
                >
                  {row.getVisibleCells().map((c) => (
                    <td key={c.id} className={`${cell} ${c.column.columnDef.meta?.className ?? ''}`}>
                      {flexRender(c.column.columnDef.cell, c.getContext())}
                    </td>
                  ))}
                </tr>
                {detail && row.getIsExpanded() ? (
                  <tr id={detailId(row)} className="bg-canvas">
                    <td colSpan={columns.length} className="px-4 py-3">
                      {detail(row)}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** The id of a row's detail row, for its toggle's `aria-controls`. */
export const detailId = <T,>(row: Row<T>) => `detail-${row.id.replace(/[^\w-]/g, '_')}`;

function SortMark({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  return (
    <span aria-hidden="true" className={sorted ? 'text-ink' : 'text-line-strong'}>
      {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
    </span>
  );
}
