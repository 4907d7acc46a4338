import type { ColumnDef } from '@tanstack/react-table';
import { type AdminPurchase, PURCHASE_METHODS, PURCHASE_STATUSES } from '@vault/contract/schemas/funding';
import { EmptyState } from '@vault/ui/empty-state';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/badge';
import { CheckField } from '../../components/check-field';
import { FilterBar } from '../../components/filter-bar';
import { LocalDateTime } from '../../components/local-date-time';
import { MemberCell } from '../../components/member-cell';
import { PagedList } from '../../components/paged-list';
import { SelectField } from '../../components/select-field';
import { useServerPagedTable } from '../../components/use-server-paged-table';
import { formatAmount, formatUsd } from '../../lib/format';
import { PURCHASE_STATUS_LABELS, PURCHASE_STATUS_TONES } from '../../lib/purchase-status';
import { METHOD_LABELS } from './describe';
import { PurchaseDialog } from './purchase-dialog';
import type { TabProps } from './purchases-page';
import { usePurchases } from './queries';

const NO_PURCHASES: AdminPurchase[] = [];

/** The Purchases tab: filtered by method, status and needing attention; a row opens the purchase. */
export function PurchasesList({ state, update }: TabProps) {
  const purchases = usePurchases(state);
  const [opened, setOpened] = useState<AdminPurchase | null>(null);
  const columns = useMemo<ColumnDef<AdminPurchase>[]>(
    () => [
      {
        id: 'order',
        header: 'Order',
        cell: ({ row }) => (
          <span className="block">
            <button
              type="button"
              onClick={() => setOpened(row.original)}
              className="whitespace-nowrap text-left font-mono text-sm font-semibold text-ink underline-offset-4 hover:underline"
            >
              {row.original.orderId}
            </button>
            <span className="block text-xs text-ink-subtle">{METHOD_LABELS[row.original.method]}</span>
          </span>
        ),
      },
      {
        id: 'member',
        header: 'Member',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <MemberCell member={row.original.member} />,
      },
      {
        id: 'amount',
        header: 'Amount',
        meta: { className: 'text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <span>
            <span className="block font-medium text-ink">{formatUsd(row.original.amountUsd)}</span>
            <span className="block text-xs text-ink-subtle">
              {formatAmount(row.original.issuedAmount ?? row.original.tokenAmount)} {row.original.asset}
            </span>
          </span>
        ),
      },
      {
        id: 'provider',
        header: 'Provider',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => (
          <span className="block max-w-48">
            <span className="block truncate font-mono text-xs" title={row.original.providerRef ?? ''}>
              {row.original.providerRef ?? '—'}
            </span>
            <span className="block text-xs text-ink-subtle">{row.original.providerStatus ?? ''}</span>
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            <Badge tone={PURCHASE_STATUS_TONES[row.original.status]}>
              {PURCHASE_STATUS_LABELS[row.original.status]}
            </Badge>
            {row.original.chargedBackAt ? <Badge tone="danger">Charged back</Badge> : null}
            {row.original.attention ? <Badge tone="warning">Needs attention</Badge> : null}
          </span>
        ),
      },
      {
        id: 'debt',
        header: 'Debt',
        meta: { className: 'hidden md:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) =>
          row.original.debtAmount && row.original.debtAmount !== '0'
            ? `${formatAmount(row.original.debtAmount)} ${row.original.asset}`
            : '—',
      },
      {
        id: 'created',
        header: 'Created',
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => <LocalDateTime iso={row.original.createdAt} />,
      },
    ],
    [],
  );
  const data = purchases.data;
  const table = useServerPagedTable({
    data: data?.data ?? NO_PURCHASES,
    total: data?.total ?? 0,
    columns,
    getRowId: (p) => p._id,
    state,
    update,
  });
  const current = opened ? (data?.data.find((p) => p._id === opened._id) ?? opened) : null;

  return (
    <div className="space-y-4">
      <FilterBar total={data?.total} one="purchase" many="purchases">
        <SelectField
          label="Method"
          value={state.method}
          onChange={(method) => update({ method, page: 1 })}
          options={[['', 'Every method'], ...PURCHASE_METHODS.map((m): [string, string] => [m, METHOD_LABELS[m]])]}
        />
        <SelectField
          label="Status"
          value={state.status}
          onChange={(status) => update({ status, page: 1 })}
          options={[
            ['', 'Every status'],
            ...PURCHASE_STATUSES.map((s): [string, string] => [s, PURCHASE_STATUS_LABELS[s]]),
          ]}
        />
        <CheckField
          label="Needs attention"
          checked={state.attention}
          onChange={(attention) => update({ attention, page: 1 })}
        />
      </FilterBar>
      <PagedList
        query={purchases}
        table={table}
        page={state.page}
        total={data?.total}
        loading="Loading purchases…"
        errorTitle="The purchases could not be loaded"
        caption="Purchases"
        pagerLabel="Purchases"
        onFirstPage={() => update({ page: 1 })}
        onOpen={(row) => setOpened(row.original)}
        empty={<EmptyState icon="box">No purchase matches these filters.</EmptyState>}
      />
      <PurchaseDialog purchase={current} onClose={() => setOpened(null)} />
    </div>
  );
}
