import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { roleMay } from '@vault/contract/schemas/admin-auth';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { FilterButtons } from '../../components/filter-buttons';
import { OutcomeNotice } from '../../components/outcome-notice';
import { formatDateTime, formatUsd } from '../../lib/format';
import { useMe } from '../../lib/session';
import { type ApprovalItem, DecisionDialog, type Outcome } from './decision-dialog';
import { actionKindLabel, actionMember, actionMoves, requestMoves, requestValue } from './describe';
import {
  APPROVAL_KINDS,
  KIND_LABELS,
  readKind,
  usePendingActions,
  usePendingRedemptions,
  usePendingRequests,
  usePrices,
} from './queries';

const EMPTY: ApprovalItem[] = [];
const createdOf = (item: ApprovalItem) => (item.type === 'request' ? item.request.createdAt : item.action.requestedAt);

/**
 * /admin/approvals: one queue of what waits for an administrator — members' sdira send and swap requests and
 * the money actions waiting for a second administrator (maker-checker) — filtered by kind in the address
 * (`?kind=send|swap|second`). A row opens its detail with Approve / Reject (decision-dialog.tsx); the page
 * says what the server answered, and every list asks again after a decision.
 */
export function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const kind = readKind(params);
  const { data: me } = useMe();
  const readsLedger = me ? roleMay(me.role, 'ledger.read') : false;
  const requests = usePendingRequests(Boolean(me));
  const actions = usePendingActions(readsLedger);
  const prices = usePrices(readsLedger);
  const redemptions = usePendingRedemptions(Boolean(me));
  const [openId, setOpenId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const items = useMemo<ApprovalItem[]>(() => {
    const waiting = actions.data?.data ?? [];
    const list: ApprovalItem[] = [];
    if (kind !== 'second') {
      for (const request of requests.data ?? []) {
        if (kind !== 'all' && request.kind !== kind) continue;
        list.push({
          id: `request:${request._id}`,
          type: 'request',
          request,
          valueUsd: requestValue(request, prices.data),
          waiting: waiting.find((a) => a.kind === 'request.approve' && a.payload.requestId === request._id),
        });
      }
    }
    if (kind === 'all' || kind === 'second') {
      for (const action of waiting) list.push({ id: `action:${action.id}`, type: 'action', action });
    }
    return list.sort((a, b) => createdOf(b).localeCompare(createdOf(a)));
  }, [requests.data, actions.data, prices.data, kind]);

  const columns = useMemo<ColumnDef<ApprovalItem>[]>(
    () => [
      {
        id: 'member',
        header: 'Member',
        cell: ({ row }) => {
          const item = row.original;
          const name = item.type === 'request' ? item.request.from.name || 'No name' : actionMember(item.action);
          const email = item.type === 'request' ? item.request.from.email : null;
          return (
            <button
              type="button"
              onClick={() => setOpenId(item.id)}
              className="text-left font-semibold text-ink underline-offset-4 hover:underline"
            >
              <span className={item.type === 'action' ? 'break-all' : undefined}>{name ?? '—'}</span>
              {email ? <span className="block break-all text-xs font-normal text-ink-subtle">{email}</span> : null}
              {/* On a phone what it moves goes under the member (its own column is hidden). */}
              <span className="mt-1 block text-xs font-normal text-ink sm:hidden">
                {item.type === 'request' ? requestMoves(item.request) : actionMoves(item.action)}
              </span>
            </button>
          );
        },
      },
      {
        id: 'kind',
        header: 'Kind',
        cell: ({ row }) => {
          const item = row.original;
          if (item.type === 'request')
            return (
              <span className="flex flex-wrap gap-1">
                <Badge tone="info">{item.request.kind === 'swap' ? 'Swap' : 'Send'}</Badge>
                {item.waiting ? <Badge tone="warning">Second approval waiting</Badge> : null}
              </span>
            );
          const mine = item.action.requestedBy?.id === me?.id;
          return (
            <span className="flex flex-wrap gap-1">
              <Badge tone="warning">Second approval</Badge>
              {mine ? <Badge>Waiting for another administrator</Badge> : null}
              <span className="block w-full text-xs text-ink-subtle">{actionKindLabel(item.action)}</span>
            </span>
          );
        },
      },
      {
        id: 'moves',
        header: 'Moves',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => (
          <span className="break-words tabular-nums text-ink">
            {row.original.type === 'request' ? requestMoves(row.original.request) : actionMoves(row.original.action)}
          </span>
        ),
      },
      {
        id: 'created',
        header: 'Created',
        meta: { className: 'hidden md:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatDateTime(createdOf(row.original)),
      },
      {
        id: 'value',
        header: 'Value',
        meta: { className: 'hidden sm:table-cell text-right whitespace-nowrap tabular-nums' },
        cell: ({ row }) => {
          const item = row.original;
          if (item.type === 'action') return formatUsd(item.action.valueUsd);
          return item.valueUsd ? `≈ ${formatUsd(item.valueUsd)}` : '—';
        },
      },
      {
        id: 'open',
        header: () => <span className="sr-only">Decide</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => (
          <Button variant="secondary" size="sm" onClick={() => setOpenId(row.original.id)}>
            Review
          </Button>
        ),
      },
    ],
    [me?.id],
  );

  const table = useReactTable({
    data: items.length ? items : EMPTY,
    columns,
    getRowId: (item) => item.id,
    getCoreRowModel: getCoreRowModel(),
  });

  const loading = requests.isPending || (readsLedger && actions.isPending);
  const failed = (requests.isError && !requests.data) || (readsLedger && actions.isError && !actions.data);
  const open = items.find((item) => item.id === openId) ?? null;
  const moreActions = actions.data && actions.data.total > actions.data.data.length;

  return (
    <section aria-labelledby="approvals-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="approvals-title" className="text-2xl font-semibold text-ink">
          Approvals
        </h1>
        {!loading && !failed ? (
          <p className="text-sm text-ink-muted">
            {items.length.toLocaleString('en-US')} waiting{kind === 'all' ? '' : ` · ${KIND_LABELS[kind]}`}
          </p>
        ) : null}
      </div>

      <FilterButtons
        legend="Kind"
        options={APPROVAL_KINDS.filter((k) => k !== 'second' || readsLedger)}
        labels={KIND_LABELS}
        value={kind}
        onChoose={(k) => setParams(k === 'all' ? new URLSearchParams() : new URLSearchParams({ kind: k }))}
      />

      {redemptions.data ? (
        <p className="text-sm text-ink-muted">
          {redemptions.data.toLocaleString('en-US')} redeem {redemptions.data === 1 ? 'request waits' : 'requests wait'}{' '}
          at{' '}
          <Link to="/redemptions" className="font-medium text-ink underline underline-offset-4">
            Redemptions
          </Link>
          .
        </p>
      ) : null}

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />

      {failed ? (
        <LoadError
          query={requests.isError ? requests : actions}
          title="The approvals could not be loaded"
          className="py-6"
        />
      ) : (
        <div className={requests.isFetching || actions.isFetching ? 'opacity-80 transition-opacity' : undefined}>
          <DataTable
            table={table}
            caption={`Waiting for a decision${kind === 'all' ? '' : `: ${KIND_LABELS[kind]}`}, newest first`}
            loading={loading}
            skeletonRows={4}
            onOpen={(row) => setOpenId(row.original.id)}
            empty={
              <EmptyState
                icon="box"
                action={
                  kind === 'all'
                    ? undefined
                    : { label: 'Show every kind', onClick: () => setParams(new URLSearchParams()) }
                }
              >
                {kind === 'all'
                  ? 'Nothing waits for a decision.'
                  : `No ${KIND_LABELS[kind].toLowerCase()} ${kind === 'second' ? 'is waiting' : 'are waiting'}.`}
              </EmptyState>
            }
          />
        </div>
      )}
      {moreActions ? (
        <p className="text-sm text-ink-muted">
          The newest {actions.data?.data.length} of {actions.data?.total} waiting actions are shown; decide these first.
        </p>
      ) : null}

      <DecisionDialog item={open} onClose={() => setOpenId(null)} onOutcome={setOutcome} />
    </section>
  );
}
