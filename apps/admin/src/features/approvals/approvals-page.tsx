import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { toFixed } from '@vault/contract/money';
import { roleMay } from '@vault/contract/schemas/admin-auth';
import type { AdminAcquireRequest } from '@vault/contract/schemas/opportunities';
import type { AdminRedemption } from '@vault/contract/schemas/redemption';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { FilterButtons } from '../../components/filter-buttons';
import { OutcomeNotice } from '../../components/outcome-notice';
import { LotsSummary, MethodCell, memberOf, PayoutState } from '../../components/redemption-cells';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { useMe } from '../../lib/session';
import { type ApprovalItem, DecisionDialog, type Outcome } from './decision-dialog';
import { actionKindLabel, actionMember, actionMoves, requestMoves, requestValue } from './describe';
import {
  APPROVAL_KINDS,
  KIND_LABELS,
  readKind,
  usePendingAcquireRequests,
  usePendingActions,
  usePendingRedemptions,
  usePendingRequests,
  usePrices,
} from './queries';

/**
 * A row of the queue: what the decision dialog decides, a redeem request (decided at Redemptions) or an
 * acquire request for units of an opportunity pool (decided at Acquire requests).
 */
type QueueItem =
  | ApprovalItem
  | { id: string; type: 'redemption'; redemption: AdminRedemption }
  | { id: string; type: 'acquire'; acquire: AdminAcquireRequest };

const EMPTY: QueueItem[] = [];
const createdOf = (item: QueueItem) =>
  item.type === 'request'
    ? item.request.createdAt
    : item.type === 'redemption'
      ? item.redemption.createdAt
      : item.type === 'acquire'
        ? item.acquire.createdAt
        : item.action.requestedAt;
/** Units of a pool to their 2 decimals, grouped: "1,250.00". */
const units = (amount: string) => formatAmount(toFixed(amount, 2));
/** What an item moves, in a line. */
const movesOf = (item: QueueItem) =>
  item.type === 'request'
    ? requestMoves(item.request)
    : item.type === 'redemption'
      ? `Redeem ${formatAmount(item.redemption.amount)} ${item.redemption.token.coinSymbol}`
      : item.type === 'acquire'
        ? `${units(item.acquire.amount)} units of ${item.acquire.pool.name} for ${formatAmount(toFixed(item.acquire.price, 2))} Q`
        : actionMoves(item.action);

/**
 * /admin/approvals: one queue of what waits for an administrator — members' sdira send and swap requests, redeem
 * requests, acquire requests for units of an opportunity pool, and the money actions waiting for a second
 * administrator (maker-checker) — filtered by kind in the address (`?kind=send|swap|redeem|acquire|second`). A
 * row opens its detail with Approve / Reject (decision-dialog.tsx); a redeem request opens at
 * /admin/redemptions, where its payout or wire is decided, an acquire request at /admin/acquire-requests. The page says what the
 * server answered, and every list asks again after a decision.
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
  const acquires = usePendingAcquireRequests(Boolean(me));
  const navigate = useNavigate();
  const [openId, setOpenId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const items = useMemo<QueueItem[]>(() => {
    const waiting = actions.data?.data ?? [];
    const list: QueueItem[] = [];
    if (kind === 'all' || kind === 'redeem') {
      for (const redemption of redemptions.data?.data ?? [])
        list.push({ id: `redemption:${redemption._id}`, type: 'redemption', redemption });
    }
    if (kind === 'all' || kind === 'acquire') {
      for (const acquire of acquires.data?.data ?? [])
        list.push({ id: `acquire:${acquire._id}`, type: 'acquire', acquire });
    }
    if (kind === 'all' || kind === 'send' || kind === 'swap') {
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
  }, [requests.data, actions.data, prices.data, redemptions.data, acquires.data, kind]);

  // A redeem request is decided at Redemptions (its payout, its wire), an acquire request at Acquire requests
  // (beside the pool's other requests): they open there.
  const openItem = useCallback(
    (item: QueueItem) =>
      item.type === 'redemption'
        ? navigate(`/redemptions?open=${encodeURIComponent(item.redemption._id)}`)
        : item.type === 'acquire'
          ? navigate(`/acquire-requests?open=${encodeURIComponent(item.acquire._id)}`)
          : setOpenId(item.id),
    [navigate],
  );

  const columns = useMemo<ColumnDef<QueueItem>[]>(() => {
    return [
      {
        id: 'member',
        header: 'Member',
        cell: ({ row }) => {
          const item = row.original;
          const name =
            item.type === 'request'
              ? item.request.from.name || 'No name'
              : item.type === 'redemption'
                ? memberOf(item.redemption).name || 'No name'
                : item.type === 'acquire'
                  ? item.acquire.user.name || 'No name'
                  : actionMember(item.action);
          const email =
            item.type === 'request'
              ? item.request.from.email
              : item.type === 'redemption'
                ? memberOf(item.redemption).email
                : item.type === 'acquire'
                  ? item.acquire.user.email
                  : null;
          return (
            <button
              type="button"
              onClick={() => openItem(item)}
              className="text-left font-semibold text-ink underline-offset-4 hover:underline"
            >
              <span className={item.type === 'action' ? 'break-all' : undefined}>{name ?? '—'}</span>
              {email ? <span className="block break-all text-xs font-normal text-ink-subtle">{email}</span> : null}
              {/* On a phone what it moves goes under the member (its own column is hidden). */}
              <span className="mt-1 block text-xs font-normal text-ink sm:hidden">{movesOf(item)}</span>
            </button>
          );
        },
      },
      {
        id: 'kind',
        header: 'Kind',
        cell: ({ row }) => {
          const item = row.original;
          if (item.type === 'redemption')
            return (
              <span className="flex flex-wrap items-start gap-1">
                <Badge tone="info">Redeem</Badge>
                {item.redemption.payoutStatus ? <PayoutState state={item.redemption.payoutStatus} /> : null}
                <span className="block w-full text-xs">
                  <MethodCell redemption={item.redemption} target />
                </span>
              </span>
            );
          if (item.type === 'acquire')
            return (
              <span className="flex flex-wrap items-start gap-1">
                <Badge tone="info">Acquire</Badge>
                <span className="block w-full text-xs text-ink-subtle">{item.acquire.pool.title}</span>
              </span>
            );
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
          <span className="block break-words tabular-nums text-ink">
            {movesOf(row.original)}
            {/* What the member can redeem now, and when their next lot can be (the holding period). */}
            {row.original.type === 'redemption' ? (
              <span className="mt-1 block text-xs">
                <LotsSummary redemption={row.original.redemption} />
              </span>
            ) : null}
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
          if (item.type === 'redemption') return formatUsd(item.redemption.usdValue);
          // Q is the vault currency: 1 Q = 1 USD.
          if (item.type === 'acquire') return formatUsd(item.acquire.price);
          return item.valueUsd ? `≈ ${formatUsd(item.valueUsd)}` : '—';
        },
      },
      {
        id: 'open',
        header: () => <span className="sr-only">Decide</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => (
          <Button variant="secondary" size="sm" onClick={() => openItem(row.original)}>
            Review
          </Button>
        ),
      },
    ];
  }, [me?.id, openItem]);

  const table = useReactTable({
    data: items.length ? items : EMPTY,
    columns,
    getRowId: (item) => item.id,
    getCoreRowModel: getCoreRowModel(),
  });

  const loading = requests.isPending || (readsLedger && actions.isPending);
  const failed =
    (requests.isError && !requests.data) ||
    (readsLedger && actions.isError && !actions.data) ||
    (redemptions.isError && !redemptions.data) ||
    (acquires.isError && !acquires.data);
  const found = items.find((item) => item.id === openId);
  const open = found && found.type !== 'redemption' && found.type !== 'acquire' ? found : null;
  const moreActions = actions.data && actions.data.total > actions.data.data.length;
  const moreRedemptions = redemptions.data && redemptions.data.total > redemptions.data.data.length;
  const moreAcquires = acquires.data && acquires.data.total > acquires.data.data.length;

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

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />

      {failed ? (
        <LoadError
          query={requests.isError ? requests : actions.isError ? actions : redemptions.isError ? redemptions : acquires}
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
            onOpen={(row) => openItem(row.original)}
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
      {moreRedemptions ? (
        <p className="text-sm text-ink-muted">
          The newest {redemptions.data?.data.length} of {redemptions.data?.total} redeem requests are shown; the rest
          wait at Redemptions.
        </p>
      ) : null}
      {moreAcquires ? (
        <p className="text-sm text-ink-muted">
          The newest {acquires.data?.data.length} of {acquires.data?.total} acquire requests are shown; the rest wait at
          Acquire requests.
        </p>
      ) : null}
      {moreActions ? (
        <p className="text-sm text-ink-muted">
          The newest {actions.data?.data.length} of {actions.data?.total} waiting actions are shown; decide these first.
        </p>
      ) : null}

      <DecisionDialog item={open} onClose={() => setOpenId(null)} onOutcome={setOutcome} />
    </section>
  );
}
