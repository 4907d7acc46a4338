import type { Row } from '@tanstack/react-table';
import { Button } from '@vault/ui/button';
import type { ReactNode } from 'react';
import { detailId } from './data-table';

/** A table row's button that opens and closes its detail (DataTable's `detail`), with a turning arrow. */
export function RowToggle<T>({ row, children }: { row: Row<T>; children: ReactNode }) {
  const open = row.getIsExpanded();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={open}
      aria-controls={open ? detailId(row) : undefined}
      onClick={row.getToggleExpandedHandler()}
    >
      {children}
      <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-180' : ''}`}>
        ▾
      </span>
    </Button>
  );
}
