import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { AdminPlan } from '@vault/contract/schemas/subscriptions';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { useMemo } from 'react';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { formatCount } from '../../lib/format';
import { planStatus, priceQ, priceUsd } from './describe';
import { PlanLogo } from './plan-logo';

/**
 * The plans, offered ones first (the server's order), each with its price, duration, state, current
 * subscribers and how many of them renew; Subscribers opens its list, owners Edit and Retire it.
 */
export function PlanTable({
  plans,
  loading,
  mayManage,
  onSubscribers,
  onEdit,
  onRetire,
  onNew,
}: {
  plans: AdminPlan[];
  loading: boolean;
  mayManage: boolean;
  onSubscribers: (plan: AdminPlan) => void;
  onEdit: (plan: AdminPlan) => void;
  onRetire: (plan: AdminPlan) => void;
  onNew: () => void;
}) {
  const columns = useMemo<ColumnDef<AdminPlan>[]>(
    () => [
      {
        id: 'plan',
        header: 'Plan',
        cell: ({ row }) => {
          const plan = row.original;
          const status = planStatus(plan);
          return (
            <span className="flex min-w-0 items-center gap-3">
              <PlanLogo url={plan.logo} title={plan.title} />
              <span className="min-w-0">
                <span className="block font-semibold break-words text-ink">{plan.title}</span>
                <span className="block text-xs text-ink-subtle lg:hidden">{plan.durationLabel}</span>
                {/* On a phone the price, state and counts go here (their columns are hidden). */}
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted tabular-nums sm:hidden">
                  <span>
                    {priceUsd(plan.priceUSD)} · {priceQ(plan.priceQ)}
                  </span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  <span className="whitespace-nowrap">{formatCount(plan.subscribers)} subscribers</span>
                  <span className="whitespace-nowrap">{formatCount(plan.recurring)} recurring</span>
                </span>
              </span>
            </span>
          );
        },
      },
      {
        id: 'price',
        header: () => <span className="block text-right">Price</span>,
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <span className="block whitespace-nowrap text-right tabular-nums">
            <span className="block font-medium text-ink" data-testid={`plan-price-${row.original._id}`}>
              {priceUsd(row.original.priceUSD)}
            </span>
            <span className="block text-xs text-ink-subtle">{priceQ(row.original.priceQ)}</span>
          </span>
        ),
      },
      {
        id: 'duration',
        header: 'Duration',
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => row.original.durationLabel,
      },
      {
        id: 'status',
        header: 'Status',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => {
          const status = planStatus(row.original);
          return <Badge tone={status.tone}>{status.label}</Badge>;
        },
      },
      {
        id: 'subscribers',
        header: () => <span className="block text-right">Subscribers</span>,
        meta: { className: 'hidden sm:table-cell text-right tabular-nums' },
        cell: ({ row }) => formatCount(row.original.subscribers),
      },
      {
        id: 'recurring',
        header: () => <span className="block text-right">Recurring</span>,
        meta: { className: 'hidden md:table-cell text-right tabular-nums' },
        cell: ({ row }) => formatCount(row.original.recurring),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => {
          const plan = row.original;
          return (
            <span className="flex flex-col items-end gap-2 lg:flex-row lg:justify-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Subscribers of ${plan.title}`}
                onClick={() => onSubscribers(plan)}
              >
                Subscribers
              </Button>
              {mayManage ? (
                <Button variant="secondary" size="sm" aria-label={`Edit ${plan.title}`} onClick={() => onEdit(plan)}>
                  Edit
                </Button>
              ) : null}
              {mayManage && !plan.retiredAt ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Retire ${plan.title}`}
                  onClick={() => onRetire(plan)}
                >
                  Retire
                </Button>
              ) : null}
            </span>
          );
        },
      },
    ],
    [mayManage, onSubscribers, onEdit, onRetire],
  );
  const table = useReactTable({
    data: plans,
    columns,
    getRowId: (plan) => plan._id,
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <>
      <p role="status" className="sr-only">
        {loading ? 'Loading the plans…' : ''}
      </p>
      <DataTable
        table={table}
        caption="Subscription plans, offered ones first, cheapest first"
        loading={loading}
        skeletonRows={4}
        empty={
          <EmptyState icon="box" action={mayManage ? { label: 'New plan', onClick: onNew } : undefined}>
            No plan yet: members have nothing to subscribe to.
          </EmptyState>
        }
      />
    </>
  );
}
