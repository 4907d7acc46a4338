import type { Table } from '@tanstack/react-table';
import { Button } from '@vault/ui/button';
import { inputClass } from '@vault/ui/field';
import { useId } from 'react';

export const PAGE_SIZES = [20, 50, 100] as const;

/**
 * Paging of a TanStack table whose rows come a page at a time from the server (manual pagination): which
 * rows of how many, Previous / Next, and the page size.
 */
export function Pager<T>({ table, total, label }: { table: Table<T>; total: number; label: string }) {
  const sizeId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-ink-muted" aria-live="polite">
        {total === 0
          ? 'No rows'
          : `${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
        {table.getPageCount() > 1 ? ` · page ${pageIndex + 1} of ${table.getPageCount()}` : ''}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId} className="text-ink-muted">
          Rows
        </label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => table.setPageSize(Number(event.target.value))}
          className={`${inputClass} w-auto py-1.5`}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          size="sm"
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
          Next
        </Button>
      </div>
    </nav>
  );
}
