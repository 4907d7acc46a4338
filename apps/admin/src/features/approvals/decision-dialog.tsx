import { roleMay } from '@vault/contract/schemas/admin-auth';
import { adminReason } from '@vault/contract/schemas/common';
import { type AdminAction, actionDecided, actionWaiting } from '@vault/contract/schemas/maker-checker';
import { rejectRequestBody, type SendRequest, sendRequestDecided } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { type ReactNode, useRef, useState } from 'react';
import { z } from 'zod';
import { Badge } from '../../components/badge';
import { FormAlert } from '../../components/form-alert';
import type { Outcome } from '../../components/outcome-notice';
import { ApiError } from '../../lib/api';
import { formatAmount, formatDateTime, formatUsd } from '../../lib/format';
import { type MoneyPost, moneyPoster } from '../../lib/money-post';
import { useMe } from '../../lib/session';
import { actionKindLabel, actionMoves, requestMoves } from './describe';
import { useRefreshAfterDecision } from './queries';

/** What the queue shows, one row each: a member's request, or a money action waiting for a second administrator. */
export type ApprovalItem =
  | { id: string; type: 'request'; request: SendRequest; valueUsd: string | null; waiting: AdminAction | undefined }
  | { id: string; type: 'action'; action: AdminAction };

/** What the page says after a decision: the server's message, or why nothing happened. */
export type { Outcome };

const approveRequestAnswer = z.union([sendRequestDecided, actionWaiting]);
const reasonOf = (error: unknown) => (error instanceof ApiError ? error.body.fields?.reason : undefined);

/**
 * The detail of one queue item with its Approve / Reject. A request: approve (a reason optional, required when
 * the server answers that the approval must wait for a second administrator: its field message is shown), or
 * reject with a reason (the member is told it). A waiting action: approve or reject with a reason, unless you
 * asked for it (then it is marked as waiting for another administrator, without buttons). A 409 means someone
 * else decided first: the dialog closes, the page says so and the lists refresh.
 */
export function DecisionDialog({
  item,
  onClose,
  onOutcome,
}: {
  item: ApprovalItem | null;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const title =
    item?.type === 'action' ? 'Second approval' : item?.request.kind === 'swap' ? 'Swap request' : 'Send request';
  return (
    <Modal open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={title} size="md">
      {item ? (
        // A new poster (and Idempotency-Key) for each item opened.
        <DecisionBody key={item.id} item={item} onClose={onClose} onOutcome={onOutcome} />
      ) : null}
    </Modal>
  );
}

function DecisionBody({
  item,
  onClose,
  onOutcome,
}: {
  item: ApprovalItem;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { data: me } = useMe();
  const [post] = useState<MoneyPost>(() => moneyPoster());
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  // A reason asked for (by the contract's rule or the server): the field says why and takes the focus.
  const needReason = (message: string | undefined) => {
    setReasonError(message);
    reasonField.current?.focus();
  };
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const refresh = useRefreshAfterDecision();

  const action = item.type === 'action' ? item.action : null;
  const mine = action ? action.requestedBy?.id === me?.id : false;
  const waitingOnRequest = item.type === 'request' ? item.waiting : undefined;
  const may = me
    ? action
      ? roleMay(me.role, action.permission as Parameters<typeof roleMay>[1])
      : roleMay(me.role, 'requests.decide')
    : false;

  const decide = async (verb: 'approve' | 'reject') => {
    if (busy) return;
    setRefusal(null);
    setReasonError(undefined);
    const text = reason.trim();
    // The contract's rules, before asking: a reason to reject (and to decide a waiting action).
    const rule = action ? adminReason : verb === 'reject' ? rejectRequestBody.shape.reason : adminReason.optional();
    // An empty box is "no reason" only where a reason is optional (approving a request).
    const checked = rule.safeParse(text === '' && verb === 'approve' && !action ? undefined : text);
    if (!checked.success) {
      needReason(checked.error.issues[0]?.message);
      return;
    }
    setBusy(verb);
    try {
      if (action) {
        const res = await post(`admin/actions/${encodeURIComponent(action.id)}/${verb}`, actionDecided, {
          reason: text,
        });
        onOutcome({ tone: verb === 'approve' ? 'success' : 'info', text: res.message });
      } else if (item.type === 'request') {
        const path = `admin/requests/${encodeURIComponent(item.request._id)}/${verb}`;
        if (verb === 'approve') {
          const res = await post(path, approveRequestAnswer, text ? { reason: text } : {});
          onOutcome(
            'actionId' in res.data
              ? { tone: 'info', text: `${res.message}: the approval waits in the queue as a second approval.` }
              : { tone: 'success', text: res.message },
          );
        } else {
          const res = await post(path, sendRequestDecided, { reason: text });
          onOutcome({ tone: 'info', text: res.message });
        }
      }
      onClose();
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else decided it (or it already waits for a second administrator): say so, show the truth.
        onOutcome({
          tone: 'danger',
          text: `${error.body.message}. Another administrator decided it first; the list is up to date.`,
        });
        onClose();
        await refresh();
        return;
      }
      // The server's word on the reason goes under the field (once); anything else above the form.
      const field = reasonOf(error);
      if (field) needReason(field);
      else setRefusal(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const rows: [string, ReactNode][] =
    item.type === 'request'
      ? [
          ['Member', `${item.request.from.name || 'No name'} (${item.request.from.email})`],
          ['Kind', item.request.kind === 'swap' ? 'Swap request' : 'Send request'],
          ['Moves', requestMoves(item.request)],
          ...(item.request.kind === 'swap'
            ? ([
                ['Spread', item.request.fee ? `${formatAmount(item.request.fee)} ${item.request.toCoin ?? ''}` : '—'],
                ['Rate', item.request.rate ? formatAmount(item.request.rate) : '—'],
              ] as [string, ReactNode][])
            : []),
          ['Memo', item.request.memo || '—'],
          ['Value', item.valueUsd ? `≈ ${formatUsd(item.valueUsd)} at current prices` : '—'],
          ['Created', formatDateTime(item.request.createdAt)],
        ]
      : [
          ['Action', actionKindLabel(item.action)],
          ['Moves', actionMoves(item.action)],
          [
            'Value',
            `${formatUsd(item.action.valueUsd)} (threshold ${item.action.thresholdUsd ? formatUsd(item.action.thresholdUsd) : '—'})`,
          ],
          [
            'Asked by',
            item.action.requestedBy ? `${item.action.requestedBy.name} (${item.action.requestedBy.email})` : '—',
          ],
          ['Their reason', item.action.reason],
          ['Asked', formatDateTime(item.action.requestedAt)],
        ];

  const canAct = may && !mine;
  const reasonLabel = action
    ? 'Reason (required, kept in the audit log)'
    : 'Reason (required to reject: the member is told; to approve, required only when a second administrator must approve)';

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[6.5rem_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink-muted">{label}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>

      {mine ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge tone="warning">Waiting for another administrator</Badge>
          You asked for this: another administrator must approve or reject it.
        </p>
      ) : null}
      {waitingOnRequest ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <Badge tone="warning">Waiting for a second approval</Badge>
          {waitingOnRequest.requestedBy?.id === me?.id
            ? 'You approved it; another administrator must confirm it in the queue.'
            : 'An administrator approved it; it waits in the queue as a second approval.'}
        </p>
      ) : null}
      {!may && me ? <p className="text-sm text-ink-muted">Your role may see this but not decide it.</p> : null}

      <FormAlert>{refusal}</FormAlert>

      {canAct ? (
        <form
          noValidate
          aria-label="Decision"
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!waitingOnRequest) void decide('approve');
          }}
        >
          <TextArea
            ref={reasonField}
            label={reasonLabel}
            rows={3}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={busy === 'reject'}
              disabled={busy !== null}
              onClick={() => void decide('reject')}
            >
              Reject
            </Button>
            {waitingOnRequest ? null : (
              <Button type="submit" busy={busy === 'approve'} disabled={busy !== null}>
                Approve
              </Button>
            )}
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
    </div>
  );
}
