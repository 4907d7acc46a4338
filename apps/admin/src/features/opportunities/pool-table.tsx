import type { ColumnDef, Table } from '@tanstack/react-table';
import type { AdminPool } from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { useMemo } from 'react';
import { formatDay } from '../../lib/format';
import { formatQ, formatUnits } from './describe';
import { PoolImage } from './pool-image';

/** A pool's due date as a calendar day ("31 Dec 2030"): the API gives a day (YYYY-MM-DD) or an instant. */
export const dueDay = (date: string) => formatDay(`${date.slice(0, 10)}T00:00:00Z`);

/**
 * The pools' columns: the pool (image, name, title), its price per unit, its supply and what is left, reserved
 * by pending requests and sold, its due date, and Details (everyone), Edit and Supply (owners). On a phone the
 * price and what is left go under the name (their columns are hidden).
 */
export function usePoolColumns({
  mayManage,
  onDetails,
  onEdit,
  onSupply,
}: {
  mayManage: boolean;
  onDetails: (pool: AdminPool) => void;
  onEdit: (pool: AdminPool) => void;
  onSupply: (pool: AdminPool) => void;
}) {
  return useMemo<ColumnDef<AdminPool>[]>(
    () => [
      {
        id: 'pool',
        header: 'Pool',
        cell: ({ row }) => {
          const pool = row.original;
          return (
            <span className="flex min-w-44 items-center gap-3 lg:min-w-56">
              <PoolImage url={pool.image} name={pool.name} />
              <span className="min-w-0">
                <button
                  type="button"
                  onClick={() => onDetails(pool)}
                  className="block text-left font-semibold break-words text-ink underline-offset-4 hover:underline"
                >
                  {pool.name}
                </button>
                <span className="block text-xs break-words text-ink-subtle">{pool.title}</span>
                <span className="mt-1 block text-xs text-ink-muted tabular-nums sm:hidden">
                  {formatQ(pool.pricePerShare)} a unit · {formatUnits(pool.remainingSupply)} left
                </span>
              </span>
            </span>
          );
        },
      },
      {
        id: 'price',
        header: () => <span className="block text-right">Price per unit</span>,
        meta: { className: 'hidden sm:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <span className="font-medium text-ink" data-testid={`pool-price-${row.original._id}`}>
            {formatQ(row.original.pricePerShare)}
          </span>
        ),
      },
      {
        id: 'total',
        header: () => <span className="block text-right">Total supply</span>,
        meta: { className: 'hidden 2xl:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatUnits(row.original.totalSupply),
      },
      {
        id: 'remaining',
        header: () => <span className="block text-right">Remaining</span>,
        meta: { className: 'hidden sm:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <span className="block">
            {formatUnits(row.original.remainingSupply)}
            <span className="block text-xs text-ink-subtle 2xl:hidden">of {formatUnits(row.original.totalSupply)}</span>
          </span>
        ),
      },
      {
        id: 'reserved',
        header: () => <span className="block text-right">Reserved · sold</span>,
        meta: { className: 'hidden md:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <span className="block">
            {formatUnits(row.original.reservedSupply)}
            <span className="block text-xs text-ink-subtle">{formatUnits(row.original.soldSupply)} sold</span>
          </span>
        ),
      },
      {
        id: 'due',
        header: 'Due date',
        meta: { className: 'hidden md:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => dueDay(row.original.dueDate),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => {
          const pool = row.original;
          return (
            <span className="flex flex-col items-end gap-2 xl:flex-row xl:justify-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Details of ${pool.name}`}
                onClick={() => onDetails(pool)}
              >
                Details
              </Button>
              {mayManage ? (
                <>
                  <Button variant="secondary" size="sm" aria-label={`Edit ${pool.name}`} onClick={() => onEdit(pool)}>
                    Edit
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Change the supply of ${pool.name}`}
                    onClick={() => onSupply(pool)}
                  >
                    Supply
                  </Button>
                </>
              ) : null}
            </span>
          );
        },
      },
    ],
    [mayManage, onDetails, onEdit, onSupply],
  );
}

export type PoolTable = Table<AdminPool>;
