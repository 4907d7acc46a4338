import { messages } from '@vault/contract/messages';
import { fieldErrors } from '@vault/contract/schemas/common';
import {
  type AdminWire,
  adminWire,
  wireIssue,
  wireReceivedBody,
  wireRejectBody,
} from '@vault/contract/schemas/funding';
import { actionWaiting } from '@vault/contract/schemas/maker-checker';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Badge } from '../../components/badge';
import { FormAlert } from '../../components/form-alert';
import type { Outcome } from '../../components/outcome-notice';
import { ApiError, api } from '../../lib/api';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { type MoneyPost, moneyPoster } from '../../lib/money-post';
import { PURCHASE_STATUS_LABELS, PURCHASE_STATUS_TONES } from '../../lib/purchase-status';
import { useMay } from '../../lib/session';
import { addressLine, isOverdue, isUndecided, TYPE_LABELS } from './describe';
import { useRefreshAfterWire, useWire } from './queries';

/** 200: the wire as recorded (tokens issued); 202: the recording waits for a second administrator. */
const receivedAnswer = z.object({
  message: z.string(),
  data: z.union([actionWaiting.shape.data, adminWire.pick({ status: true, issuedAmount: true })]),
});
const rejectedAnswer = z.object({ message: z.string(), data: adminWire.pick({ status: true }) });

type Mode = 'view' | 'receive' | 'reject';
type FieldErrors = { receivedAmount?: string | undefined; reason?: string | undefined };

/**
 * One wire: who remits what, where from, at which locked rate, by when; for `funding.decide` while it is
 * pending or expired (money may arrive late), "Record received" (the USD that arrived, prefilled with what was expected, the tokens it issues
 * shown as it is typed; a reason, required above the maker-checker threshold) and "Reject" (a reason,
 * required). Refusals stay in the dialog with what was typed; a 409 (decided meanwhile) says so and shows the
 * wire as it is now.
 */
export function WireDialog({
  wire,
  onClose,
  onOutcome,
}: {
  wire: AdminWire | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <Modal
      open={wire !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={wire ? `Direct wire ${wire.orderId}` : 'Direct wire'}
      size="lg"
    >
      {/* A new poster (and Idempotency-Key) for each wire opened. */}
      {wire ? <WireBody key={wire._id} row={wire} onClose={onClose} onOutcome={onOutcome} /> : null}
    </Modal>
  );
}

function WireBody({
  row,
  onClose,
  onOutcome,
}: {
  row: AdminWire;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const fresh = useWire(row);
  const wire = fresh.data ?? row;
  const mayDecide = useMay('funding.decide');
  const refresh = useRefreshAfterWire();
  const [post] = useState<MoneyPost>(() => moneyPoster());
  const [mode, setMode] = useState<Mode>('view');
  // Both forms keep what was typed while the other is open, and after a refusal.
  const [received, setReceived] = useState(row.amount);
  const [receiveReason, setReceiveReason] = useState('');
  const [rejectReason, setRejectReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const symbol = wire.token.coinSymbol;
  const checkedAmount = wireReceivedBody.shape.receivedAmount.safeParse(received);
  const issue = checkedAmount.success
    ? wireIssue(checkedAmount.data, wire.wireFee, wire.tokenRate, wire.token.decimals)
    : null;
  const nothingIssued = issue !== null && issue.tokens === '0';

  const switchTo = (next: Mode) => {
    setMode(next);
    setErrors({});
    setRefusal(null);
  };

  /** A refusal: field messages under their fields, a 409 as the wire's news, anything else above the form. */
  const refused = async (error: unknown) => {
    const code = error instanceof ApiError && error.status === 409 ? error.body.code : null;
    if (code === 'WIRE_DECIDED' || code === 'ACTION_PENDING') {
      setDecided(
        code === 'ACTION_PENDING'
          ? `${(error as ApiError).body.message}: recording this wire already waits for a second administrator in the Approvals queue.`
          : `${(error as ApiError).body.message}: another administrator decided it first. It is shown as it is now.`,
      );
      setMode('view');
      await refresh();
      return;
    }
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    const known: FieldErrors = { receivedAmount: fields.receivedAmount, reason: fields.reason };
    if (known.receivedAmount || known.reason) setErrors(known);
    else setRefusal(errorText(error));
  };

  /** A checked decision sent: its outcome to the page, the dialog closed, the lists asked again; or the refusal. */
  const decide = async (call: () => Promise<Outcome>) => {
    setErrors({});
    setBusy(true);
    try {
      onOutcome(await call());
      onClose();
      await refresh();
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(false);
    }
  };

  const recordReceived = async () => {
    if (busy) return;
    setRefusal(null);
    const checked = wireReceivedBody.safeParse({ receivedAmount: received, reason: receiveReason.trim() || undefined });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    if (nothingIssued) {
      setErrors({ receivedAmount: messages.wireTooSmall });
      return;
    }
    await decide(async () => {
      const res = await post(`admin/wires/${encodeURIComponent(wire._id)}/received`, receivedAnswer, checked.data);
      return 'actionId' in res.data
        ? {
            tone: 'info',
            text: `${res.message}: recording ${wire.orderId} is in the Approvals queue until another administrator approves or rejects it. No tokens were issued yet.`,
          }
        : {
            tone: 'success',
            text: `${res.message}: ${wire.orderId}, ${formatAmount(res.data.issuedAmount ?? issue?.tokens ?? '0')} ${symbol} to ${wire.member.email}.`,
          };
    });
  };

  const reject = async () => {
    if (busy) return;
    setRefusal(null);
    const checked = wireRejectBody.safeParse({ reason: rejectReason });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    await decide(async () => {
      const res = await api(`admin/wires/${encodeURIComponent(wire._id)}/reject`, rejectedAnswer, {
        body: checked.data,
      });
      return { tone: 'info', text: `${res.message}: ${wire.orderId} of ${wire.member.email}.` };
    });
  };

  const overdue = isOverdue(wire);
  const address = wire.remittanceAddress;
  const rows: [string, ReactNode][] = [
    [
      'Member',
      <Link key="member" to={`/members/${wire.member.id}`} className="font-medium underline-offset-4 hover:underline">
        {wire.member.name || 'No name'} <span className="break-all text-ink-muted">({wire.member.email})</span>
      </Link>,
    ],
    [
      'Status',
      <span key="status" className="flex flex-wrap gap-1">
        <Badge tone={PURCHASE_STATUS_TONES[wire.status]}>{PURCHASE_STATUS_LABELS[wire.status]}</Badge>
        {overdue ? <Badge tone="danger">Overdue</Badge> : null}
      </span>,
    ],
    ['For', TYPE_LABELS[wire.type]],
    ['Tokens', `${formatAmount(wire.tokenAmount)} ${symbol} (${wire.token.shortName})`],
    ['Locked rate', `${formatUsd(wire.tokenRate)} per ${symbol} (locked when the request was made)`],
    ['USD to remit', formatUsd(wire.amount)],
    ['Wire fee', `${formatUsd(wire.wireFee)} (taken from what is received)`],
    [
      'Due',
      <span key="due" className={overdue ? 'font-semibold text-danger' : undefined}>
        {formatDateTime(wire.dueAt)}
        {overdue ? ' · overdue' : ''}
      </span>,
    ],
    [
      'Remittance address',
      address ? (
        <span key="address">
          {address.name}
          <span className="block text-ink-muted">{addressLine(address)}</span>
          <span className="block break-all text-ink-muted">{address.email}</span>
        </span>
      ) : (
        '—'
      ),
    ],
    ['Remitter', wire.toName ?? '—'],
    ['Created', formatDateTime(wire.createdAt)],
    ...(wire.receivedAmount !== null
      ? ([
          ['Received', formatUsd(wire.receivedAmount)],
          ['Issued', wire.issuedAmount ? `${formatAmount(wire.issuedAmount)} ${symbol}` : '—'],
        ] as [string, ReactNode][])
      : []),
    ...(wire.rejectionReason ? ([['Rejection reason', wire.rejectionReason]] as [string, ReactNode][]) : []),
    ...(wire.decidedAt
      ? ([
          [
            'Decided',
            `${formatDateTime(wire.decidedAt)}${wire.decidedBy ? ` by ${wire.decidedBy.name || wire.decidedBy.email}` : ''}`,
          ],
        ] as [string, ReactNode][])
      : []),
    ...(wire.entryId
      ? ([
          [
            'Ledger entry',
            <span key="entry" className="break-all font-mono text-xs">
              {wire.entryId}
            </span>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];

  const canDecide = mayDecide && isUndecided(wire);
  // What both decision forms share: the call under way, Back to the wire, the reason's error.
  const shared = { busy, onBack: () => switchTo('view'), reasonError: errors.reason };

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[9.5rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink-muted">{label}</dt>
            <dd className="min-w-0 break-words text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {fresh.isError ? (
        <p className="text-sm text-ink-muted">
          This wire could not be asked for again ({errorText(fresh.error)}): it is shown as the list had it.
        </p>
      ) : null}

      <FormAlert>{decided ?? refusal}</FormAlert>

      {!mayDecide ? <p className="text-sm text-ink-muted">Your role may see this wire but not decide it.</p> : null}

      {canDecide && mode === 'receive' ? (
        <DecisionForm
          {...shared}
          label="Record received"
          submitLabel="Record received"
          onSubmit={recordReceived}
          reasonLabel="Reason (kept in the audit log; required above the maker-checker threshold)"
          reason={receiveReason}
          onReason={setReceiveReason}
        >
          <TextField
            label="Amount received (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={received}
            error={errors.receivedAmount}
            onChange={(event) => setReceived(event.target.value)}
          />
          <p className="text-sm text-ink" aria-live="polite" data-testid="wire-issue">
            {issue === null ? (
              'Enter the amount received to see the tokens it issues.'
            ) : nothingIssued ? (
              <span className="text-danger">{messages.wireTooSmall}</span>
            ) : (
              <>
                Issues <span className="font-semibold">{formatAmount(issue.tokens)}</span> {symbol}:{' '}
                {formatUsd(issue.netUsd)} after the {formatUsd(wire.wireFee)} fee, at {formatUsd(wire.tokenRate)} per
                token.
              </>
            )}
          </p>
        </DecisionForm>
      ) : canDecide && mode === 'reject' ? (
        <DecisionForm
          {...shared}
          label="Reject wire"
          submitLabel="Reject wire"
          danger
          onSubmit={reject}
          reasonLabel="Reason (required: the member is told it)"
          reason={rejectReason}
          onReason={setRejectReason}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {canDecide ? (
            <>
              <Button variant="danger" onClick={() => switchTo('reject')}>
                Reject
              </Button>
              <Button onClick={() => switchTo('receive')}>Record received</Button>
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * One decision's form in the wire's dialog: its fields, the reason, Back (to the wire, keeping what was typed)
 * and submit.
 */
function DecisionForm({
  label,
  submitLabel,
  danger,
  busy,
  onSubmit,
  onBack,
  reasonLabel,
  reason,
  reasonError,
  onReason,
  children,
}: {
  label: string;
  submitLabel: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: () => Promise<void>;
  onBack: () => void;
  reasonLabel: string;
  reason: string;
  reasonError: string | undefined;
  onReason: (reason: string) => void;
  children?: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone: the focus goes to its first field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, []);
  return (
    <form
      ref={form}
      noValidate
      aria-label={label}
      className="space-y-4 rounded-xl bg-sunken/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <TextArea
        label={reasonLabel}
        rows={3}
        maxLength={500}
        value={reason}
        error={reasonError}
        onChange={(event) => onReason(event.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
