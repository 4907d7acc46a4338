import { type AdminAcquireRequest, acquireRejectBody } from '@vault/contract/schemas/opportunities';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { Facts } from '../../components/facts';
import { FormAlert } from '../../components/form-alert';
import type { Outcome } from '../../components/outcome-notice';
import { ReasonModal } from '../../components/reason-dialog';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useMay } from '../../lib/session';
import { acquireStatusLabel, acquireStatusTone, formatQ, formatUnits } from './describe';
import { approveAcquire, rejectAcquire, useRefreshAfterAcquire } from './request-queries';

/**
 * One acquire request: who asks for how many units of which pool, at what price (held in Q since it was made),
 * its status; for `funding.decide` on a pending one Approve (confirmed first) and Reject (a reason, required,
 * in a dialog of its own). A request decided meanwhile by another administrator answers 409: the dialog says
 * so in the server's words, offers no decision any more, and the list asks again.
 */
export function RequestDialog({
  request,
  onClose,
  onOutcome,
}: {
  request: AdminAcquireRequest | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={request ? `Acquire ${formatUnits(request.amount)} units of ${request.pool.name}` : 'Acquire request'}
      size="lg"
    >
      {request ? <RequestBody key={request._id} request={request} onClose={onClose} onOutcome={onOutcome} /> : null}
    </Modal>
  );
}

function RequestBody({
  request: r,
  onClose,
  onOutcome,
}: {
  request: AdminAcquireRequest;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const mayDecide = useMay('funding.decide');
  const refresh = useRefreshAfterAcquire();
  const [confirming, setConfirming] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Decided by someone else (409): this copy offers no decision any more.
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);

  const pool = r.pool.name;
  const what = `${formatUnits(r.amount)} units of ${pool}`;
  const who = r.user.email || 'a closed account';
  const open = r.status === 'pending' && !decidedElsewhere;
  const canDecide = mayDecide && open;

  /** A 409: someone decided first. Said in the dialog; the lists ask again. */
  const decidedMeanwhile = async (error: unknown) => {
    setDecidedElsewhere(true);
    setConfirming(false);
    setRefusal(`${errorText(error)}: another administrator decided it first. The list shows it under its new status.`);
    await refresh();
  };

  const approve = async () => {
    if (busy) return;
    setRefusal(null);
    setBusy(true);
    try {
      const res = await approveAcquire(r._id);
      onOutcome({ tone: 'success', text: `${res.message}. ${what} to ${who}.` });
      onClose();
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) await decidedMeanwhile(error);
      else {
        setConfirming(false);
        setRefusal(errorText(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, ReactNode][] = [
    [
      'Member',
      r.user.email ? (
        <Link key="member" to={`/members/${r.user._id}`} className="font-medium underline-offset-4 hover:underline">
          {r.user.name || 'No name'} <span className="break-all text-ink-muted">({r.user.email})</span>
        </Link>
      ) : (
        'Closed account'
      ),
    ],
    [
      'Status',
      <span key="status" className="flex flex-wrap gap-1">
        <Badge tone={acquireStatusTone(r.status)}>{acquireStatusLabel(r.status)}</Badge>
        {decidedElsewhere ? <Badge tone="warning">Since decided by another administrator</Badge> : null}
      </span>,
    ],
    [
      'Pool',
      <Link
        key="pool"
        to={`/opportunities?pool=${encodeURIComponent(r.assetPool)}`}
        className="underline-offset-4 hover:underline"
      >
        {pool}: {r.pool.title}
      </Link>,
    ],
    ['Units', `${formatUnits(r.amount)} (${r.nftToken})`],
    ['Price per unit', `${formatQ(r.pricePerShare)} (when the request was made)`],
    ['Price', `${formatQ(r.price)}, held from the member’s Q since the request`],
    [
      'Paid with',
      r.paymentMethod === 'nativeToken' || r.paymentMethod === 'Q' ? 'Q (the vault currency)' : r.paymentMethod,
    ],
    ['Created', formatDateTime(r.createdAt)],
    r.status === 'pending'
      ? ['Expires undecided', formatDateTime(r.expiresAt)]
      : ['Decided', r.decidedAt ? formatDateTime(r.decidedAt) : '—'],
    ['Rejection reason', r.rejectionReason ?? '—'],
    [
      'Request id',
      <span key="id" className="break-all font-mono text-xs">
        {r._id}
      </span>,
    ],
  ];

  return (
    <div className="space-y-4">
      <Facts rows={rows} />

      <FormAlert>{refusal}</FormAlert>

      {!mayDecide ? <p className="text-sm text-ink-muted">Your role may see this request but not decide it.</p> : null}

      {canDecide && confirming ? (
        <Confirm
          text={`${what} go to ${who}, and the ${formatQ(r.price)} held go to the treasury, in one entry. The member is told the request is approved.`}
          busy={busy}
          onBack={() => setConfirming(false)}
          onConfirm={approve}
        />
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {canDecide ? (
            <>
              <Button
                variant="danger"
                onClick={() => {
                  setRefusal(null);
                  setRejecting(true);
                }}
              >
                Reject
              </Button>
              <Button
                onClick={() => {
                  setRefusal(null);
                  setConfirming(true);
                }}
              >
                Approve
              </Button>
            </>
          ) : null}
        </div>
      )}

      <ReasonModal
        open={rejecting}
        onClose={() => setRejecting(false)}
        title="Reject the acquire request?"
        description={`The ${formatQ(r.price)} held go back to ${who}, the ${formatUnits(r.amount)} units back to the pool, and the member is told the reason.`}
        formLabel="Reject acquire request"
        submitLabel="Reject request"
        reasonLabel="Reason (required: the member is told it)"
        schema={acquireRejectBody}
        send={async ({ reason }) => {
          try {
            const res = await rejectAcquire(r._id, reason);
            return `${res.message}. ${what} of ${who}.`;
          } catch (error) {
            if (error instanceof ApiError && error.status === 409) {
              setRejecting(false);
              await decidedMeanwhile(error);
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

/** Approve's confirmation: what it does, Back (to the request) and Approve. */
function Confirm({
  text,
  busy,
  onBack,
  onConfirm,
}: {
  text: string;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => Promise<void>;
}) {
  const form = useRef<HTMLFormElement>(null);
  // The button that opened the confirmation is gone: the focus goes to its submit button.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, []);
  return (
    <form
      ref={form}
      noValidate
      aria-label="Approve acquire request"
      className="space-y-4 rounded-xl bg-sunken/60 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm();
      }}
    >
      <p className="text-sm text-ink" data-testid="acquire-confirm">
        {text}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" busy={busy}>
          Approve
        </Button>
      </div>
    </form>
  );
}
