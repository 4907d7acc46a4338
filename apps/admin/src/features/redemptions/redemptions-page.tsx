import type { ColumnDef } from '@tanstack/react-table';
import { type AdminRedemption, REDEMPTION_STATUS_LABELS } from '@vault/contract/schemas/redemption';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { FilterButtons } from '../../components/filter-buttons';
import { LocalDateTime } from '../../components/local-date-time';
import { MemberCell } from '../../components/member-cell';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { PagedList } from '../../components/paged-list';
import { useServerPagedTable } from '../../components/use-server-paged-table';
import { formatAmount, formatUsd } from '../../lib/format';
import { useMay } from '../../lib/session';
import { isOpen, METHOD_LABELS, REDEMPTION_STATUS_TONES } from './describe';
import {
  FILTER_LABELS,
  REDEMPTION_FILTERS,
  type RedemptionsListState,
  readRedemptionsState,
  redemptionsParams,
  useRedemptions,
} from './queries';
import { RedemptionDialog } from './redemption-dialog';

const EMPTY: AdminRedemption[] = [];

/** The member of a request, or what stands in when their account is gone. */
export const memberOf = (r: AdminRedemption) => r.member ?? { name: 'Closed account', email: '—' };

/**
 * /admin/redemptions: members' redeem requests (issue 14 item 6), pending first of all, filtered by status and
 * paged in the address. A row opens the request (redemption-dialog.tsx): where it is paid (the whole target
 * account or the redeem address), the payout's state, and for `funding.decide` Approve / Accept / Mark paid /
 * Retry payout and Reject. The page says what the server answered and asks again after a decision.
 */
export function RedemptionsPage() {
  const [params, setParams] = useSearchParams();
  const state = readRedemptionsState(params);
  const redemptions = useRedemptions(state);
  const mayDecide = useMay('funding.decide');
  // The request opened, as it was when opened: it stays open while the list moves on.
  const [opened, setOpened] = useState<AdminRedemption | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const update = (patch: Partial<RedemptionsListState>) => setParams(redemptionsParams({ ...state, ...patch }));

  const columns = useMemo<ColumnDef<AdminRedemption>[]>(
    () => [
      {
        id: 'tokens',
        header: 'Tokens',
        cell: ({ row }) => {
          const r = row.original;
          const member = memberOf(r);
          return (
            <span className="block">
              <button
                type="button"
                onClick={() => setOpened(r)}
                className="whitespace-nowrap text-left text-sm font-semibold text-ink tabular-nums underline-offset-4 hover:underline"
              >
                {formatAmount(r.amount)} {r.token.coinSymbol}
              </button>
              <span className="block text-xs text-ink-subtle tabular-nums">{formatUsd(r.usdValue)}</span>
              {/* On a phone the member, the method and the status go under the tokens (their columns are hidden). */}
              <span className="mt-1 block space-y-1 text-xs sm:hidden">
                <span className="block break-all text-ink">
                  {member.name || 'No name'} · {member.email}
                </span>
                <span className="flex flex-wrap items-center gap-1 text-ink-muted">
                  {METHOD_LABELS[r.method]}
                  {r.targetNetwork ? ` · ${r.targetNetwork}` : ''}
                  <Badge tone={REDEMPTION_STATUS_TONES[r.status]}>{REDEMPTION_STATUS_LABELS[r.status]}</Badge>
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
        cell: ({ row }) => <MemberCell member={memberOf(row.original)} />,
      },
      {
        id: 'method',
        header: 'Method',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <span className="block whitespace-nowrap">
            {METHOD_LABELS[row.original.method]}
            <span className="block text-xs text-ink-subtle">
              {row.original.method === 'crypto' ? (row.original.targetNetwork ?? '—') : 'Our bank'}
            </span>
          </span>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <Badge tone={REDEMPTION_STATUS_TONES[row.original.status]}>
            {REDEMPTION_STATUS_LABELS[row.original.status]}
          </Badge>
        ),
      },
      {
        id: 'payout',
        header: 'Payout',
        meta: { className: 'hidden md:table-cell whitespace-nowrap' },
        cell: ({ row }) => {
          const state = row.original.payoutStatus;
          return state ? (
            <Badge tone={state === 'FAILED' ? 'danger' : 'neutral'}>{state}</Badge>
          ) : (
            <span className="text-ink-subtle">—</span>
          );
        },
      },
      {
        id: 'created',
        header: 'Created',
        meta: { className: 'hidden lg:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => <LocalDateTime iso={row.original.createdAt} />,
      },
      {
        id: 'open',
        header: () => <span className="sr-only">Open</span>,
        // On a phone the tokens open the request.
        meta: { className: 'hidden sm:table-cell text-right' },
        cell: ({ row }) => (
          <Button variant="secondary" size="sm" onClick={() => setOpened(row.original)}>
            {mayDecide && isOpen(row.original) ? 'Review' : 'View'}
          </Button>
        ),
      },
    ],
    [mayDecide],
  );

  const table = useServerPagedTable({
    data: redemptions.data?.data ?? EMPTY,
    total: redemptions.data?.total ?? 0,
    columns,
    getRowId: (r) => r._id,
    state,
    update,
  });

  const data = redemptions.data;
  const label = FILTER_LABELS[state.status].toLowerCase();
  // The dialog shows the list's newest copy of the request opened, else the copy it was opened with.
  const current = opened ? (data?.data.find((r) => r._id === opened._id) ?? opened) : null;

  return (
    <section aria-labelledby="redemptions-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 id="redemptions-title" className="text-2xl font-semibold text-ink">
          Redemptions
        </h1>
        {data ? (
          <p className="text-sm text-ink-muted">
            {data.total.toLocaleString('en-US')} {state.status === 'all' ? 'redeem requests' : label}
          </p>
        ) : null}
      </div>

      <FilterButtons
        legend="Status"
        options={REDEMPTION_FILTERS}
        labels={FILTER_LABELS}
        value={state.status}
        onChoose={(status) => update({ status, page: 1 })}
      />

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />
      <PagedList
        query={redemptions}
        table={table}
        page={state.page}
        total={data?.total}
        loading="Loading redeem requests…"
        errorTitle="The redeem requests could not be loaded"
        caption={`Redeem requests${state.status === 'all' ? '' : `: ${label}`}`}
        pagerLabel="Redemptions"
        onFirstPage={() => update({ page: 1 })}
        onOpen={(row) => setOpened(row.original)}
        empty={
          state.status === 'all' ? (
            <EmptyState icon="box">No member has asked to redeem yet.</EmptyState>
          ) : (
            <EmptyState
              icon="box"
              action={{ label: 'Show every request', onClick: () => update({ status: 'all', page: 1 }) }}
            >
              {state.status === 'pending' ? 'No redeem request is waiting for a decision.' : `No ${label} requests.`}
            </EmptyState>
          )
        }
      />

      <RedemptionDialog redemption={current} onClose={() => setOpened(null)} onOutcome={setOutcome} />
    </section>
  );
}
