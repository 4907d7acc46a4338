import type { ColumnDef } from '@tanstack/react-table';
import { type AdminRedemption, REDEMPTION_STATUS_LABELS } from '@vault/contract/schemas/redemption';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { memberColumn, openColumn, PhoneLines } from '../../components/desk-columns';
import { DeskList, type DeskTexts } from '../../components/desk-list';
import { LocalDateTime } from '../../components/local-date-time';
import { MethodCell, memberOf, PayoutState } from '../../components/redemption-cells';
import { formatAmount, formatUsd } from '../../lib/format';
import { useMay } from '../../lib/session';
import { isOpen, methodLine, REDEMPTION_STATUS_TONES } from './describe';
import {
  FILTER_LABELS,
  REDEMPTION_FILTERS,
  readRedemptionsState,
  redemptionsParams,
  useRedemption,
  useRedemptions,
} from './queries';
import { RedemptionDialog } from './redemption-dialog';

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
  // The Approvals queue opens a request here by its id (`?open=`).
  const openId = params.get('open');
  const linked = useRedemption(openId);
  const mayDecide = useMay('funding.decide');
  const columns = useCallback((open: (r: AdminRedemption) => void) => redemptionColumns(open, mayDecide), [mayDecide]);

  return (
    <DeskList
      id="redemptions"
      texts={TEXTS}
      query={redemptions}
      state={state}
      update={(patch) => setParams(redemptionsParams({ ...state, ...patch }))}
      filters={REDEMPTION_FILTERS}
      filterLabels={FILTER_LABELS}
      columns={columns}
      dialog={(r, close, onOutcome) => <RedemptionDialog redemption={r} onClose={close} onOutcome={onOutcome} />}
      opens={linked.data ?? null}
      onClosed={() => (openId ? setParams(redemptionsParams(state)) : undefined)}
    />
  );
}

const TEXTS: DeskTexts = {
  title: 'Redemptions',
  counted: 'redeem requests',
  caption: 'Redeem requests',
  loading: 'Loading redeem requests…',
  errorTitle: 'The redeem requests could not be loaded',
  pagerLabel: 'Redemptions',
  none: 'No member has asked to redeem yet.',
  nonePending: 'No redeem request is waiting for a decision.',
  plural: 'requests',
  showAll: 'Show every request',
};

/** The list's columns; `open` opens a request (its tokens, and Review / View). */
const redemptionColumns = (open: (r: AdminRedemption) => void, mayDecide: boolean): ColumnDef<AdminRedemption>[] => [
  {
    id: 'tokens',
    header: 'Tokens',
    cell: ({ row }) => {
      const r = row.original;
      return (
        <span className="block">
          <button
            type="button"
            onClick={() => open(r)}
            className="whitespace-nowrap text-left text-sm font-semibold text-ink tabular-nums underline-offset-4 hover:underline"
          >
            {formatAmount(r.amount)} {r.token.coinSymbol}
          </button>
          <span className="block text-xs text-ink-subtle tabular-nums">{formatUsd(r.usdValue)}</span>
          {/* On a phone the member, the method and the status go under the tokens (their columns are hidden). */}
          <PhoneLines member={memberOf(r)}>
            {methodLine(r)}
            <Badge tone={REDEMPTION_STATUS_TONES[r.status]}>{REDEMPTION_STATUS_LABELS[r.status]}</Badge>
          </PhoneLines>
        </span>
      );
    },
  },
  memberColumn(memberOf),
  {
    id: 'method',
    header: 'Method',
    meta: { className: 'hidden sm:table-cell' },
    cell: ({ row }) => <MethodCell redemption={row.original} />,
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: 'hidden sm:table-cell' },
    cell: ({ row }) => (
      <Badge tone={REDEMPTION_STATUS_TONES[row.original.status]}>{REDEMPTION_STATUS_LABELS[row.original.status]}</Badge>
    ),
  },
  {
    id: 'payout',
    header: 'Payout',
    meta: { className: 'hidden md:table-cell whitespace-nowrap' },
    cell: ({ row }) => <PayoutState state={row.original.payoutStatus} />,
  },
  {
    id: 'created',
    header: 'Created',
    meta: { className: 'hidden lg:table-cell whitespace-nowrap tabular-nums' },
    cell: ({ row }) => <LocalDateTime iso={row.original.createdAt} />,
  },
  openColumn(open, (r) => mayDecide && isOpen(r)),
];
