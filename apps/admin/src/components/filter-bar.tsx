import type { ReactNode } from 'react';
import { formatCount } from '../lib/format';

/** A list's filter bar: the filters in a wrapping row, then how many rows match ("1 event", "12 events") once known. */
export function FilterBar({
  total,
  one,
  many,
  children,
}: {
  total: number | undefined;
  one: string;
  many: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {children}
      {total !== undefined ? (
        <p className="pb-2 text-sm text-ink-muted">
          {formatCount(total)} {total === 1 ? one : many}
        </p>
      ) : null}
    </div>
  );
}
