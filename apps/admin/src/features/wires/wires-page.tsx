import type { ColumnDef } from '@tanstack/react-table';
import type { AdminWire } from '@vault/contract/schemas/funding';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { memberColumn, openColumn, PhoneLines } from '../../components/desk-columns';
import { DeskList, type DeskTexts } from '../../components/desk-list';
import { formatAmount, formatDateTime, formatLocalDay, formatLocalTime, formatUsd } from '../../lib/format';
import { PURCHASE_STATUS_LABELS, PURCHASE_STATUS_TONES } from '../../lib/purchase-status';
import { useMay } from '../../lib/session';
import { isOverdue, isUndecided } from './describe';
import { FILTER_LABELS, readWiresState, useWires, WIRE_FILTERS, wiresParams } from './queries';
import { WireDialog } from './wire-dialog';

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
  const columns = useCallback((open: (wire: AdminWire) => void) => wireColumns(open, mayDecide), [mayDecide]);

  return (
    <DeskList
      id="wires"
      texts={TEXTS}
      query={wires}
      state={state}
      update={(patch) => setParams(wiresParams({ ...state, ...patch }))}
      filters={WIRE_FILTERS}
      filterLabels={FILTER_LABELS}
      columns={columns}
      dialog={(wire, close, onOutcome) => <WireDialog wire={wire} onClose={close} onOutcome={onOutcome} />}
    />
  );
}

const TEXTS: DeskTexts = {
  title: 'Wires',
  counted: 'direct wires',
  caption: 'Direct wires',
  loading: 'Loading wires…',
  errorTitle: 'The wires could not be loaded',
  pagerLabel: 'Wires',
  none: 'No member has asked for a direct wire yet.',
  nonePending: 'No wire is waiting to be received.',
  plural: 'wires',
  showAll: 'Show every wire',
};

/** The list's columns; `open` opens a wire (its order number, and Review / View). */
const wireColumns = (open: (wire: AdminWire) => void, mayDecide: boolean): ColumnDef<AdminWire>[] => [
  {
    id: 'order',
    header: 'Order',
    cell: ({ row }) => {
      const wire = row.original;
      return (
        <span className="block">
          <button
            type="button"
            onClick={() => open(wire)}
            className="whitespace-nowrap text-left font-mono text-sm font-semibold text-ink underline-offset-4 hover:underline"
          >
            {wire.orderId}
          </button>
          {/* On a phone the member, the tokens and the status go under the order (their columns are hidden). */}
          <PhoneLines member={wire.member}>
            {formatAmount(wire.tokenAmount)} {wire.token.coinSymbol}
            <Badge tone={PURCHASE_STATUS_TONES[wire.status]}>{PURCHASE_STATUS_LABELS[wire.status]}</Badge>
            {isOverdue(wire) ? <Badge tone="danger">Overdue</Badge> : null}
          </PhoneLines>
        </span>
      );
    },
  },
  memberColumn((wire) => wire.member),
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
  openColumn(open, (wire) => mayDecide && isUndecided(wire)),
];
