import type { ColumnDef } from '@tanstack/react-table';
import type { AdminSubscription } from '@vault/contract/schemas/subscriptions';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { ListFrame, type ListQuery } from '../../components/list-frame';
import { LocalDateTime } from '../../components/local-date-time';
import { Pager } from '../../components/pager';
import { type PageState, useServerPagedTable } from '../../components/use-server-paged-table';
import { formatLocalDay } from '../../lib/format';
import { priceQ, priceUsd, renewalKind, subscriptionState } from './describe';
import { PlanLogo } from './plan-logo';

/** Which list: a plan's subscribers, the renewals coming up, the renewals that failed. */
export type SubscriptionsKind = 'subscribers' | 'upcoming' | 'failed';

const EMPTY: AdminSubscription[] = [];

/**
 * A server-paged list of subscriptions with their members: the member (a link to their file), the plan (not
 * in a plan's own list), when it renews or ends, what a period costs (USD and Q), the kind, and where it
 * stands (a failed renewal's grace period with its deadline). On a phone, what the hidden columns say goes
 * under the member.
 */
export function SubscriptionsList({
  kind,
  query,
  state,
  update,
  caption,
  loading,
  errorTitle,
  pagerLabel,
  empty,
}: {
  kind: SubscriptionsKind;
  query: ListQuery & { data: { data: AdminSubscription[]; total: number } | undefined };
  state: PageState;
  update: (patch: Partial<PageState>) => void;
  caption: string;
  loading: string;
  errorTitle: string;
  pagerLabel: string;
  empty: ReactNode;
}) {
  const columns = useMemo(() => subscriptionColumns(kind), [kind]);
  const data = query.data;
  const table = useServerPagedTable({
    data: data?.data ?? EMPTY,
    total: data?.total ?? 0,
    columns,
    getRowId: (row) => row._id,
    state,
    update,
  });
  const pages = table.getPageCount();
  return (
    <>
      <ListFrame query={query} loading={loading} errorTitle={errorTitle}>
        <DataTable
          table={table}
          caption={`${caption}${pages > 1 ? `, page ${state.page} of ${pages}` : ''}`}
          loading={query.isPending}
          skeletonRows={4}
          empty={empty}
        />
      </ListFrame>
      {data && data.total > 0 ? <Pager table={table} total={data.total} label={pagerLabel} /> : null}
    </>
  );
}

/** A renewal date, or what stands for it: a lifetime subscription never renews. */
const RenewOn = ({ iso }: { iso: string | null }) =>
  iso ? <LocalDateTime iso={iso} /> : <span className="text-ink-subtle">Never (lifetime)</span>;

/** Where it stands; in the failed renewals' list the grace has its own column and the cause goes without saying. */
function StateCell({ s, brief }: { s: AdminSubscription; brief: boolean }) {
  const state = subscriptionState(s);
  if (brief) return <Badge tone={state.tone}>{state.label}</Badge>;
  return (
    <span className="block space-y-0.5">
      <Badge tone={state.tone}>{state.label}</Badge>
      {state.detail ? <span className="block text-xs text-ink-subtle">{state.detail}</span> : null}
      {s.graceUntil && s.status === 'active' ? (
        <span className="block whitespace-nowrap text-xs text-ink-subtle">
          Grace until <time dateTime={s.graceUntil}>{formatLocalDay(s.graceUntil)}</time>
        </span>
      ) : null}
    </span>
  );
}

const Amount = ({ s }: { s: AdminSubscription }) => (
  <span className="block whitespace-nowrap text-right tabular-nums">
    <span className="block font-medium text-ink">{priceUsd(s.priceUSD)}</span>
    <span className="block text-xs text-ink-subtle">{priceQ(s.priceUSD)}</span>
  </span>
);

function subscriptionColumns(kind: SubscriptionsKind): ColumnDef<AdminSubscription>[] {
  const plan: ColumnDef<AdminSubscription> = {
    id: 'plan',
    header: 'Plan',
    meta: { className: 'hidden sm:table-cell' },
    cell: ({ row }) => (
      <span className="flex min-w-36 items-center gap-2">
        <PlanLogo url={row.original.plan.logo} title={row.original.plan.title} size="size-7" />
        <span className="min-w-0">
          <span className="block font-medium text-ink">{row.original.plan.title}</span>
          <span className="block text-xs text-ink-subtle">{row.original.plan.durationLabel}</span>
        </span>
      </span>
    ),
  };
  return [
    {
      id: 'member',
      header: 'Member',
      cell: ({ row }) => {
        const s = row.original;
        const state = subscriptionState(s);
        return (
          <span className="block min-w-0 sm:min-w-44">
            <Link
              to={`/members/${s.member.id}`}
              className="block font-medium text-ink underline-offset-4 hover:underline"
            >
              {s.member.name || 'No name'}
            </Link>
            <span className="block break-words text-xs text-ink-subtle">{s.member.email}</span>
            {/* On a phone the plan, the amount and the state go under the member (their columns are hidden). */}
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-ink-muted tabular-nums sm:hidden">
              {kind !== 'subscribers' ? <span>{s.plan.title}</span> : null}
              <span>
                {priceUsd(s.priceUSD)} ({priceQ(s.priceUSD)})
              </span>
              <Badge tone={state.tone}>{state.label}</Badge>
              {s.graceUntil && s.status === 'active' ? <span>Grace until {formatLocalDay(s.graceUntil)}</span> : null}
            </span>
          </span>
        );
      },
    },
    ...(kind === 'subscribers' ? [] : [plan]),
    ...(kind === 'subscribers'
      ? [
          {
            id: 'since',
            header: 'Since',
            meta: { className: 'hidden md:table-cell' },
            cell: ({ row }) => <LocalDateTime iso={row.original.subscriptionOn} />,
          } satisfies ColumnDef<AdminSubscription>,
        ]
      : []),
    {
      id: 'renewOn',
      header: kind === 'subscribers' ? 'Renews or ends' : 'Renews on',
      cell: ({ row }) => <RenewOn iso={row.original.renewOn} />,
    },
    ...(kind === 'failed'
      ? [
          {
            id: 'failedAt',
            header: 'Failed on',
            meta: { className: 'hidden lg:table-cell' },
            cell: ({ row }) =>
              row.original.renewalFailedAt ? <LocalDateTime iso={row.original.renewalFailedAt} /> : '—',
          } satisfies ColumnDef<AdminSubscription>,
          {
            id: 'graceUntil',
            header: 'Grace until',
            meta: { className: 'hidden sm:table-cell' },
            cell: ({ row }) => (row.original.graceUntil ? <LocalDateTime iso={row.original.graceUntil} /> : '—'),
          } satisfies ColumnDef<AdminSubscription>,
        ]
      : []),
    {
      id: 'amount',
      header: () => <span className="block text-right">Amount</span>,
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => <Amount s={row.original} />,
    },
    ...(kind === 'failed'
      ? []
      : [
          {
            id: 'kind',
            header: 'Kind',
            meta: { className: 'hidden lg:table-cell' },
            cell: ({ row }) => renewalKind(row.original),
          } satisfies ColumnDef<AdminSubscription>,
        ]),
    {
      id: 'state',
      header: 'State',
      meta: { className: 'hidden sm:table-cell' },
      cell: ({ row }) => <StateCell s={row.original} brief={kind === 'failed'} />,
    },
  ];
}
