import { type ColumnDef, getCoreRowModel, type PaginationState, useReactTable } from '@tanstack/react-table';

/** Where a server-paged list stands (from the address) and how it moves: a new size starts again at page 1. */
export type PageState = { page: number; limit: number };

/**
 * A TanStack table over one page of rows fetched from the server (manual pagination): the page and its size
 * live in the screen's state (the address), and paging asks `update` for the next page or a new size.
 */
export function useServerPagedTable<T>({
  data,
  total,
  columns,
  getRowId,
  state,
  update,
}: {
  data: T[];
  total: number;
  columns: ColumnDef<T>[];
  getRowId: (row: T) => string;
  state: PageState;
  update: (patch: Partial<PageState>) => void;
}) {
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  return useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    rowCount: total,
    state: { pagination },
    onPaginationChange: (updater) => {
      const next = typeof updater === 'function' ? updater(pagination) : updater;
      update(next.pageSize !== state.limit ? { limit: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
  });
}
