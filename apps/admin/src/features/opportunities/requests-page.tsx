import type { ColumnDef } from '@tanstack/react-table';
import type { AdminAcquireRequest } from '@vault/contract/schemas/opportunities';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { memberColumn, openColumn, PhoneLines } from '../../components/desk-columns';
import { DeskList, type DeskTexts } from '../../components/desk-list';
import { LocalDateTime } from '../../components/local-date-time';
import { useMay } from '../../lib/session';
import {
  ACQUIRE_FILTER_LABELS,
  ACQUIRE_FILTERS,
  acquireStatusLabel,
  acquireStatusTone,
  formatQ,
  formatUnits,
} from './describe';
import { RequestDialog } from './request-dialog';
import { acquireParams, readAcquireState, useAcquireRequest, useAcquireRequests } from './request-queries';

/**
 * /admin/acquire-requests (issue 17 items 2 and 7): members' requests for units of an opportunity pool ("Get
 * Units Now"), pending first, filtered by status and paged in the address. A row opens the request
 * (request-dialog.tsx): for `funding.decide` Approve (confirmed first: the units to the member, the held Q to
 * the treasury) and Reject (a reason, required: both released). The Approvals queue opens one here (`?open=`).
 */
export function AcquireRequestsPage() {
  const [params, setParams] = useSearchParams();
  const state = readAcquireState(params);
  const requests = useAcquireRequests(state);
  const openId = params.get('open');
  const linked = useAcquireRequest(openId);
  const mayDecide = useMay('funding.decide');
  const columns = useCallback((open: (r: AdminAcquireRequest) => void) => requestColumns(open, mayDecide), [mayDecide]);

  return (
    <DeskList
      id="acquire-requests"
      texts={TEXTS}
      query={requests}
      state={state}
      update={(patch) => setParams(acquireParams({ ...state, ...patch }))}
      filters={ACQUIRE_FILTERS}
      filterLabels={ACQUIRE_FILTER_LABELS}
      columns={columns}
      dialog={(r, close, onOutcome) => <RequestDialog request={r} onClose={close} onOutcome={onOutcome} />}
      opens={linked.data ?? null}
      onClosed={() => (openId ? setParams(acquireParams(state)) : undefined)}
    />
  );
}

const TEXTS: DeskTexts = {
  title: 'Acquire requests',
  counted: 'acquire requests',
  caption: 'Acquire requests',
  loading: 'Loading acquire requests…',
  errorTitle: 'The acquire requests could not be loaded',
  pagerLabel: 'Acquire requests',
  none: 'No member has asked for units of an opportunity yet.',
  nonePending: 'No acquire request is waiting for a decision.',
  plural: 'requests',
  showAll: 'Show every request',
};

const memberOf = (r: AdminAcquireRequest) => r.user;

const requestColumns = (
  open: (r: AdminAcquireRequest) => void,
  mayDecide: boolean,
): ColumnDef<AdminAcquireRequest>[] => [
  {
    id: 'units',
    header: 'Units',
    cell: ({ row }) => {
      const r = row.original;
      return (
        <span className="block">
          <button
            type="button"
            onClick={() => open(r)}
            className="text-left text-sm font-semibold text-ink tabular-nums underline-offset-4 hover:underline"
          >
            {formatUnits(r.amount)} units
          </button>
          <span className="block text-xs text-ink-subtle">{r.pool.name}</span>
          {/* On a phone the member, the price and the status go under the units (their columns are hidden). */}
          <PhoneLines member={memberOf(r)}>
            <span>{formatQ(r.price)}</span>
            <Badge tone={acquireStatusTone(r.status)}>{acquireStatusLabel(r.status)}</Badge>
          </PhoneLines>
        </span>
      );
    },
  },
  memberColumn(memberOf),
  {
    id: 'price',
    header: () => <span className="block text-right">Price</span>,
    meta: { className: 'hidden sm:table-cell text-right tabular-nums whitespace-nowrap' },
    cell: ({ row }) => (
      <span className="block">
        <span className="block font-medium text-ink">{formatQ(row.original.price)}</span>
        <span className="block text-xs text-ink-subtle">{formatQ(row.original.pricePerShare)} a unit</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'hidden sm:table-cell' },
    cell: ({ row }) => (
      <Badge tone={acquireStatusTone(row.original.status)}>{acquireStatusLabel(row.original.status)}</Badge>
    ),
  },
  {
    id: 'created',
    header: 'Created',
    meta: { className: 'hidden lg:table-cell whitespace-nowrap tabular-nums' },
    cell: ({ row }) => <LocalDateTime iso={row.original.createdAt} />,
  },
  openColumn(open, (r) => mayDecide && r.status === 'pending'),
];
