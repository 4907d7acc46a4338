import type { ColumnDef } from '@tanstack/react-table';
import type { AdminWire } from '@vault/contract/schemas/funding';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { FilterButtons } from '../../components/filter-buttons';
import { MemberCell } from '../../components/member-cell';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { PagedList } from '../../components/paged-list';
import { useServerPagedTable } from '../../components/use-server-paged-table';
import { formatAmount, formatDateTime, formatLocalDay, formatLocalTime, formatUsd } from '../../lib/format';
import { PURCHASE_STATUS_LABELS, PURCHASE_STATUS_TONES } from '../../lib/purchase-status';
import { useMay } from '../../lib/session';
import { isOverdue, isUndecided } from './describe';
import { FILTER_LABELS, readWiresState, useWires, WIRE_FILTERS, type WiresListState, wiresParams } from './queries';
import { WireDialog } from './wire-dialog';

const EMPTY: AdminWire[] = [];

/**
 * /admin/wires: members' direct wire requests (issue 12 §3), pending first of all, filtered by status and
 * paged in the address. A row opens the wire (wire-dialog.tsx): where it comes from, the locked rate, and for
 * `funding.decide` Record received / Reject. The page says what the server answered and asks again after a
 * decision.
 */
export function WiresPage() {
  const [params, setParams] = useSearchParams();
  const state = readWiresState(params);
  const wires = useWires(state);
  const mayDecide = useMay('funding.decide');
  // The wire opened, as it was when opened: it stays open while the list moves on (a refetch, another page).
  const [opened, setOpened] = useState<AdminWire | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const update = (patch: Partial<WiresListState>) => setParams(wiresParams({ ...state, ...patch }));

  const columns = useMemo<ColumnDef<AdminWire>[]>(
    () => [
      {
        id: 'order',
        header: 'Order',
        cell: ({ row }) => {
          const wire = row.original;
          return (
            <span className="block">
              <button
                type="button"
                onClick={() => setOpened(wire)}
                className="whitespace-nowrap text-left font-mono text-sm font-semibold text-ink underline-offset-4 hover:underline"
              >
                {wire.orderId}
              </button>
              {/* On a phone the member, the tokens and the status go under the order (their columns are hidden). */}
              <span className="mt-1 block space-y-1 text-xs sm:hidden">
                <span className="block break-all text-ink">
                  {wire.member.name || 'No name'} · {wire.member.email}
                </span>
                <span className="flex flex-wrap items-center gap-1 tabular-nums text-ink-muted">
                  {formatAmount(wire.tokenAmount)} {wire.token.coinSymbol}
                  <Badge tone={PURCHASE_STATUS_TONES[wire.status]}>{PURCHASE_STATUS_LABELS[wire.status]}</Badge>
                  {isOverdue(wire) ? <Badge tone="danger">Overdue</Badge> : null}
                </span>
              </span>
            </span>
          );
        },
      },
      {
        id: 'member',
        header: 'Member',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <MemberCell member={row.original.member} />,
      },
      {
        id: 'tokens',
        header: 'Tokens',
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <span>
            {formatAmount(row.original.tokenAmount)} {row.original.token.coinSymbol}
            {row.original.type === 'walletActivation' ? (
              <span className="block text-xs text-ink-subtle">Activation</span>
            ) : null}
          </span>
        ),
      },
      {
        id: 'amount',
        header: 'USD to remit',
        meta: { className: 'text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => <span className="font-medium text-ink">{formatUsd(row.original.amount)}</span>,
      },
      {
        id: 'fee',
        header: 'Fee',
        meta: { className: 'hidden md:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatUsd(row.original.wireFee),
      },
      {
        id: 'due',
        header: 'Due',
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => {
          const overdue = isOverdue(row.original);
          return (
            <time
              dateTime={row.original.dueAt}
              className={`block ${overdue ? 'font-semibold text-danger' : ''}`}
              title={formatDateTime(row.original.dueAt)}
            >
              {formatLocalDay(row.original.dueAt)}
              <span className={`block text-xs ${overdue ? '' : 'text-ink-subtle'}`}>
                {formatLocalTime(row.original.dueAt)}
                {overdue ? ' · overdue' : ''}
              </span>
            </time>
          );
        },
      },
      {
        id: 'status',
        header: 'Status',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <Badge tone={PURCHASE_STATUS_TONES[row.original.status]}>{PURCHASE_STATUS_LABELS[row.original.status]}</Badge>
        ),
      },
      {
        id: 'created',
        header: 'Created',
        meta: { className: 'hidden lg:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} title={formatDateTime(row.original.createdAt)}>
            {formatLocalDay(row.original.createdAt)}
          </time>
        ),
      },
      {
        id: 'open',
        header: () => <span className="sr-only">Open</span>,
        // On a phone the order number opens the wire.
        meta: { className: 'hidden sm:table-cell text-right' },
        cell: ({ row }) => (
          <Button variant="secondary" size="sm" onClick={() => setOpened(row.original)}>
            {mayDecide && isUndecided(row.original) ? 'Review' : 'View'}
          </Button>
        ),
      },
    ],
    [mayDecide],
  );

  const table = useServerPagedTable({
    data: wires.data?.data ?? EMPTY,
    total: wires.data?.total ?? 0,
    columns,
    getRowId: (wire) => wire._id,
    state,
    update,
  });

  const data = wires.data;
  const label = FILTER_LABELS[state.status].toLowerCase();
  // The dialog shows the list's newest copy of the wire opened, else the copy it was opened with.
  const current = opened ? (data?.data.find((wire) => wire._id === opened._id) ?? opened) : null;

  return (
    <section aria-labelledby="wires-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 id="wires-title" className="text-2xl font-semibold text-ink">
          Wires
        </h1>
        {data ? (
          <p className="text-sm text-ink-muted">
            {data.total.toLocaleString('en-US')} {state.status === 'all' ? 'direct wires' : label}
          </p>
        ) : null}
      </div>

      <FilterButtons
        legend="Status"
        options={WIRE_FILTERS}
        labels={FILTER_LABELS}
        value={state.status}
        onChoose={(status) => update({ status, page: 1 })}
      />

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />
      <PagedList
        query={wires}
        table={table}
        page={state.page}
        total={data?.total}
        loading="Loading wires…"
        errorTitle="The wires could not be loaded"
        caption={`Direct wires${state.status === 'all' ? '' : `: ${label}`}`}
        pagerLabel="Wires"
        onFirstPage={() => update({ page: 1 })}
        onOpen={(row) => setOpened(row.original)}
        empty={
          state.status === 'all' ? (
            <EmptyState icon="box">No member has asked for a direct wire yet.</EmptyState>
          ) : (
            <EmptyState
              icon="box"
              action={{ label: 'Show every wire', onClick: () => update({ status: 'all', page: 1 }) }}
            >
              {state.status === 'pending' ? 'No wire is waiting to be received.' : `No ${label} wires.`}
            </EmptyState>
          )
        }
      />

      <WireDialog wire={current} onClose={() => setOpened(null)} onOutcome={setOutcome} />
    </section>
  );
}
