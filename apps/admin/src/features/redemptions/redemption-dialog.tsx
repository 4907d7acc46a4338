import { isPositive } from '@vault/contract/money';
import { actionWaiting } from '@vault/contract/schemas/maker-checker';
import {
  type AdminRedemption,
  adminRedemptionAnswer,
  REDEMPTION_STATUS_LABELS,
  redemptionRejectBody,
} from '@vault/contract/schemas/redemption';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { Badge } from '../../components/badge';
import { Facts } from '../../components/facts';
import { FormAlert } from '../../components/form-alert';
import type { Outcome } from '../../components/outcome-notice';
import { ReasonModal } from '../../components/reason-dialog';
import { ApiError, api } from '../../lib/api';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { type MoneyPost, moneyPoster } from '../../lib/money-post';
import { useMay } from '../../lib/session';
import { accountFields, methodLine, REDEMPTION_STATUS_TONES, type RedemptionStep, stepsOf } from './describe';
import { useRefreshAfterRedemption } from './queries';

/**
 * One redeem request: who redeems what, worth what, paid where (the whole target account, or the redeem
 * address as it was when asked), the payout's reference and state; for `funding.decide` the step its status
 * allows (Approve and pay out, Accept, Mark paid, Retry payout: confirmed first) and Reject (a reason,
 * required, in a dialog of its own). A 409 (decided meanwhile) or a 503 (COINQVEST unreachable) says the
 * server's message in the dialog and shows the request as it is now.
 */
export function RedemptionDialog({
  redemption,
  onClose,
  onOutcome,
}: {
  redemption: AdminRedemption | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <Modal
      open={redemption !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={redemption ? `Redeem ${formatAmount(redemption.amount)} ${redemption.token.coinSymbol}` : 'Redeem request'}
      size="lg"
    >
      {/* A new poster (and Idempotency-Key) for each request opened. */}
      {redemption ? (
        <RedemptionBody key={redemption._id} redemption={redemption} onClose={onClose} onOutcome={onOutcome} />
      ) : null}
    </Modal>
  );
}

/** What confirming a step does, in words, before it is done. */
function confirmation(step: RedemptionStep, r: AdminRedemption) {
  const what = `${formatAmount(r.amount)} ${r.token.coinSymbol} (${formatUsd(r.usdValue)})`;
  switch (step.action) {
    case 'approve':
      return r.method === 'crypto'
        ? `COINQVEST is asked now to pay ${formatUsd(r.payoutUsd)} out to the ${r.targetNetwork ?? ''} account above. Once it takes the payout, ${what} leave circulation${feeNote(r)} and the member is told the request is approved.`
        : `The request is accepted: pay ${formatUsd(r.payoutUsd)} by wire to the redeem address above, then mark it paid. The member is told it was accepted.`;
    case 'retry':
      return `${retryWords(r.payoutStatus)} to pay ${formatUsd(r.payoutUsd)} out to the ${r.targetNetwork ?? ''} account above, under the same payout key as before; once it does, ${what} leave circulation${feeNote(r)}.`;
    case 'paid':
      return `Our bank paid ${formatUsd(r.payoutUsd)} to the redeem address above: the request completes, ${what} leave circulation${feeNote(r)} and the member is told it is approved.`;
  }
}

/** The fee's share of what leaves circulation, when the request carries one. */
const feeNote = (r: AdminRedemption) =>
  isPositive(r.fee) ? ` (less the fee of ${formatAmount(r.fee)} ${r.token.coinSymbol}, kept as the platform's)` : '';

function retryWords(state: string | null) {
  if (state === 'REFUSED') return 'COINQVEST refused the payout. It is asked again';
  // The key is honoured by our sandbox; COINQVEST's documentation does not promise it (decision 0014).
  if (state === 'FAILED')
    return 'COINQVEST did not answer: it may have paid (look at its withdrawal list first). It is asked again';
  if (state === 'REQUESTING') return 'A payout was being asked for and did not finish. It is asked again';
  return 'COINQVEST is asked now';
}

/** A field list inside a fact (the target account, the redeem address). */
function Fields({ rows }: { rows: [string, string][] }) {
  if (rows.length === 0) return <span>—</span>;
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 rounded-lg bg-sunken/60 p-3">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-subtle">{label}</dt>
          <dd className="min-w-0 break-all font-mono text-xs leading-5 text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RedemptionBody({
  redemption: r,
  onClose,
  onOutcome,
}: {
  redemption: AdminRedemption;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const mayDecide = useMay('funding.decide');
  const refresh = useRefreshAfterRedemption();
  const [post] = useState<MoneyPost>(() => moneyPoster());
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Decided by someone else (409): no step is offered on this copy any more.
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);

  const { step, reject } = decidedElsewhere ? { step: null, reject: false } : stepsOf(r);
  const symbol = r.token.coinSymbol;
  const who = r.member?.email ?? 'a closed account';

  /** A refusal, in the server's words; a 409 (decided meanwhile) or 503 (payout failed) shows the request anew. */
  const refused = async (error: unknown) => {
    const status = error instanceof ApiError ? error.status : 0;
    setRefusal(
      status === 409
        ? `${errorText(error)}: another administrator decided it first. The list shows it under its new status.`
        : errorText(error),
    );
    if (status === 409) setDecidedElsewhere(true);
    setConfirming(false);
    if (status === 409 || status === 503) await refresh();
  };

  const take = async (chosen: RedemptionStep, reason: string) => {
    if (busy) return;
    setRefusal(null);
    setBusy(true);
    try {
      const path = `admin/redemptions/${encodeURIComponent(r._id)}/${chosen.action === 'paid' ? 'paid' : 'approve'}`;
      const body = chosen.action === 'approve' && reason.trim() ? { reason: reason.trim() } : {};
      const res = await post(path, z.union([adminRedemptionAnswer, actionWaiting]), body);
      if (!('status' in res.data)) {
        // Above the maker-checker threshold: it waits in Approvals for a second administrator.
        onOutcome({ tone: 'info', text: `${res.message} ${formatAmount(r.amount)} ${symbol} of ${who}.` });
        onClose();
        await refresh();
        return;
      }
      onOutcome({
        tone: res.data.status === 'completed' ? 'success' : 'info',
        text: `${res.message} ${formatAmount(res.data.amount)} ${symbol} of ${who}: ${REDEMPTION_STATUS_LABELS[res.data.status]}.`,
      });
      onClose();
      await refresh();
    } catch (error) {
      await refused(error);
    } finally {
      setBusy(false);
    }
  };

  const target = r.method === 'crypto' ? accountFields(r.targetAccount) : accountFields(r.redeemAddress);
  const rows: [string, ReactNode][] = [
    [
      'Member',
      r.member ? (
        <Link key="member" to={`/members/${r.member._id}`} className="font-medium underline-offset-4 hover:underline">
          {r.member.name || 'No name'} <span className="break-all text-ink-muted">({r.member.email})</span>
        </Link>
      ) : (
        'Closed account'
      ),
    ],
    [
      'Status',
      <span key="status" className="flex flex-wrap gap-1">
        <Badge tone={REDEMPTION_STATUS_TONES[r.status]}>{REDEMPTION_STATUS_LABELS[r.status]}</Badge>
        {decidedElsewhere ? <Badge tone="warning">Since decided by another administrator</Badge> : null}
      </span>,
    ],
    ['Tokens', `${formatAmount(r.amount)} ${symbol} (${r.token.name})`],
    ['USD value', `${formatUsd(r.usdValue)} (at the price when the request was made)`],
    ['Fee', `${formatAmount(r.fee)} ${symbol}: pays out ${formatUsd(r.payoutUsd)}`],
    ['Method', methodLine(r)],
    [r.method === 'crypto' ? 'Target account' : 'Redeem address', <Fields key="target" rows={target} />],
    [
      'Payout reference',
      r.payoutRef ? (
        <span key="ref" className="break-all font-mono text-xs">
          {r.payoutRef}
        </span>
      ) : (
        '—'
      ),
    ],
    [
      'Payout state',
      r.payoutStatus ? (
        <Badge key="payout" tone={r.payoutStatus === 'FAILED' || r.payoutStatus === 'REFUSED' ? 'danger' : 'neutral'}>
          {r.payoutStatus}
        </Badge>
      ) : (
        '—'
      ),
    ],
    ['Rejection reason', r.rejectionReason ?? '—'],
    ['Created', formatDateTime(r.createdAt)],
    [r.status === 'pending' ? 'Expires undecided' : 'Expiry date', formatDateTime(r.expiresAt)],
    ['Lots', <Lots key="lots" redemption={r} />],
    [
      'Request id',
      <span key="id" className="break-all font-mono text-xs">
        {r._id}
      </span>,
    ],
  ];

  const canDecide = mayDecide && (step !== null || reject);

  return (
    <div className="space-y-4">
      <Facts rows={rows} />

      <FormAlert>{refusal}</FormAlert>

      {!mayDecide ? <p className="text-sm text-ink-muted">Your role may see this request but not decide it.</p> : null}

      {canDecide && confirming && step ? (
        <Confirm
          step={step}
          text={confirmation(step, r)}
          busy={busy}
          onBack={() => setConfirming(false)}
          onConfirm={(reason) => take(step, reason)}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {canDecide ? (
            <>
              {reject ? (
                <Button
                  variant="danger"
                  onClick={() => {
                    setRefusal(null);
                    setRejecting(true);
                  }}
                >
                  Reject
                </Button>
              ) : null}
              {step ? (
                <Button
                  onClick={() => {
                    setRefusal(null);
                    setConfirming(true);
                  }}
                >
                  {step.label}
                </Button>
              ) : null}
            </>
          ) : null}
        </div>
      )}

      <ReasonModal
        open={rejecting}
        onClose={() => setRejecting(false)}
        title="Reject the redeem request?"
        description={`${formatAmount(r.amount)} ${symbol} go back to ${who}'s available balance, and they are told the reason.`}
        formLabel="Reject redeem request"
        submitLabel="Reject request"
        reasonLabel="Reason (required: the member is told it)"
        schema={redemptionRejectBody}
        send={async (values) => {
          try {
            const res = await api(`admin/redemptions/${encodeURIComponent(r._id)}/reject`, adminRedemptionAnswer, {
              body: values,
            });
            return `${res.message} ${formatAmount(res.data.amount)} ${symbol} of ${who}.`;
          } catch (error) {
            // Decided meanwhile: the list moves on, and this copy offers no step any more.
            if (error instanceof ApiError && error.status === 409) {
              setDecidedElsewhere(true);
              setRefusal(
                `${errorText(error)}: another administrator decided it first. The list shows it under its new status.`,
              );
              await refresh();
            }
            throw error;
          }
        }}
        onSent={async (message) => {
          setRejecting(false);
          onOutcome({ tone: 'info', text: message });
          onClose();
          await refresh();
        }}
      />
    </div>
  );
}

/**
 * The member's lots of the token now, oldest first: how much, acquired when, redeemable from when (1 year and
 * 1 day later). What is on hold for this request is still among them until it completes.
 */
function Lots({ redemption: r }: { redemption: AdminRedemption }) {
  const now = Date.now();
  return (
    <div className="space-y-2">
      {r.lots === null ? (
        <p className="text-ink-muted">{r.token.coinSymbol} has no holding period: all of it can be redeemed.</p>
      ) : r.lots.length === 0 ? (
        <p className="text-ink-muted">No lots of {r.token.coinSymbol} now.</p>
      ) : (
        <ul className="space-y-1">
          {r.lots.map((lot) => {
            const ripe = Date.parse(lot.redeemableOn) <= now;
            return (
              <li key={`${lot.acquiredAt}-${lot.remaining}`} className="tabular-nums">
                {formatAmount(lot.remaining)} {r.token.coinSymbol}, acquired {formatDateTime(lot.acquiredAt)}:{' '}
                <span className={ripe ? 'text-success' : 'text-warning'}>
                  {ripe ? 'redeemable' : `redeemable from ${formatDateTime(lot.redeemableOn)}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {r.member ? (
        <Link to={`/members/${r.member._id}`} className="underline underline-offset-4">
          The member's balances and holds
        </Link>
      ) : null}
    </div>
  );
}

/** The step's confirmation: what it does, Back (to the request) and the step's button. */
function Confirm({
  step,
  text,
  busy,
  onBack,
  onConfirm,
}: {
  step: RedemptionStep;
  text: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  // The button that opened the confirmation is gone: the focus goes to its submit button.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, []);
  return (
    <form
      ref={form}
      noValidate
      aria-label={step.label}
      className="space-y-4 rounded-xl bg-sunken/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm(reason);
      }}
    >
      <p className="text-sm text-ink" data-testid="redemption-confirm">
        {text}
      </p>
      {step.action === 'approve' ? (
        <TextArea
          label="Reason (kept in the audit log; required above the maker-checker threshold)"
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" busy={busy}>
          {step.label}
        </Button>
      </div>
    </form>
  );
}
