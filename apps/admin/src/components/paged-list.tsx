import type { Row, Table } from '@tanstack/react-table';
import { EmptyState } from '@vault/ui/empty-state';
import type { ReactNode } from 'react';
import { DataTable } from './data-table';
import { ListFrame, type ListQuery } from './list-frame';
import { Pager } from './pager';

/**
 * A server-paged list's body: the frame (loading line, load error), the table captioned "…, newest first"
 * with the page where there are several, in place of the rows either "past the end" (First page) or the
 * screen's own `empty` state, and under it the pager once there is a row.
 */
export function PagedList<T>({
  query,
  table,
  page,
  total,
  loading,
  errorTitle,
  caption,
  empty,
  pagerLabel,
  onFirstPage,
  onOpen,
}: {
  query: ListQuery;
  table: Table<T>;
  page: number;
  /** Rows in the whole list, once known. */
  total: number | undefined;
  loading: string;
  errorTitle: string;
  /** The caption before ", newest first". */
  caption: string;
  /** What stands in the table when nothing matches at all. */
  empty: ReactNode;
  pagerLabel: string;
  onFirstPage: () => void;
  onOpen: (row: Row<T>) => void;
}) {
  const pages = table.getPageCount();
  return (
    <>
      <ListFrame query={query} loading={loading} errorTitle={errorTitle}>
        <DataTable
          table={table}
          caption={`${caption}, newest first${pages > 1 ? `, page ${page} of ${pages}` : ''}`}
          loading={query.isPending}
          onOpen={onOpen}
          empty={
            total !== undefined && total > 0 ? (
              <EmptyState icon="box" action={{ label: 'First page', onClick: onFirstPage }}>
                This page is past the end of the list.
              </EmptyState>
            ) : (
              empty
            )
          }
        />
      </ListFrame>
      {total !== undefined && total > 0 ? <Pager table={table} total={total} label={pagerLabel} /> : null}
    </>
  );
}
