import { zodResolver } from '@hookform/resolvers/zod';
import type { LedgerEntry } from '@vault/contract/schemas/backoffice';
import { type AdminCreditBody, adminCreditBody, creditResponse } from '@vault/contract/schemas/ledger';
import { actionWaiting, reverseEntryBody, reverseEntryResponse } from '@vault/contract/schemas/maker-checker';
import { Button } from '@vault/ui/button';
import { errorText } from '@vault/ui/error-text';
import { TextArea, TextField } from '@vault/ui/field';
import { Modal } from '@vault/ui/modal';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AssetSelect, decimalsError, useCatalogueAssets } from '../../components/asset-select';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatAmount, formatDateTime } from '../../lib/format';
import { type MoneyPost, moneyPoster } from '../../lib/money-post';
import { useRefreshAfterMove } from './queries';

/** What the page says after a credit or a reversal: the server's message (done, or waiting for a second administrator). */
export type MoveOutcome = { tone: 'success' | 'info'; text: string };

const creditAnswer = z.union([creditResponse, actionWaiting]);
const reverseAnswer = z.union([reverseEntryResponse, actionWaiting]);

const waitingText = (message: string) =>
  `${message}: it is in the Approvals queue until another administrator approves or rejects it. Nothing moved yet.`;

/**
 * Credit tokens from the treasury to a member: e-mail, asset, amount (the contract's money rules, and the
 * asset's decimals), memo, reason; then a confirmation that shows the amount. The Idempotency-Key is made
 * when the dialog opens and kept across retries of the same confirmation. 200: done; 202: waiting.
 */
export function CreditDialog({ onOutcome }: { onOutcome: (outcome: MoveOutcome) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Credit tokens</Button>
      <Modal open={open} onOpenChange={setOpen} title="Credit tokens" size="md">
        {open ? <CreditForm onClose={() => setOpen(false)} onOutcome={onOutcome} /> : null}
      </Modal>
    </>
  );
}

function CreditForm({ onClose, onOutcome }: { onClose: () => void; onOutcome: (outcome: MoveOutcome) => void }) {
  const [post] = useState<MoneyPost>(() => moneyPoster());
  const [confirming, setConfirming] = useState<AdminCreditBody | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const assets = useCatalogueAssets();
  const refresh = useRefreshAfterMove();
  const back = useRef<HTMLButtonElement>(null);
  const form = useForm<z.input<typeof adminCreditBody>, unknown, AdminCreditBody>({
    resolver: zodResolver(adminCreditBody),
    defaultValues: { email: '', asset: '', amount: '', memo: '', reason: '' },
  });
  const { errors } = form.formState;

  const review = form.handleSubmit((values) => {
    setRefusal(null);
    const tooPrecise = decimalsError(assets.data, values.asset, values.amount);
    if (tooPrecise) {
      form.setError('amount', { message: tooPrecise });
      return;
    }
    setConfirming({ ...values, memo: values.memo || undefined });
  });

  const confirm = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    setRefusal(null);
    try {
      const res = await post('admin/ledger/credit', creditAnswer, confirming);
      onOutcome(
        'actionId' in res.data
          ? { tone: 'info', text: waitingText(res.message) }
          : {
              tone: 'success',
              text: `${res.message}: ${formatAmount(confirming.amount)} ${confirming.asset} to ${confirming.email}.`,
            },
      );
      onClose();
      await refresh();
    } catch (error) {
      // Field messages go back to the form, under their fields; anything else stays above the confirmation.
      const fields = Object.entries((error instanceof ApiError && error.body.fields) || {}).filter(
        ([name]) => name in form.getValues(),
      );
      if (fields.length) {
        for (const [name, message] of fields) form.setError(name as keyof AdminCreditBody, { message });
        setConfirming(null);
      } else setRefusal(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-ink-muted">Credit from the treasury to {confirming.email}:</p>
        <p className="text-3xl font-semibold tabular-nums text-ink" data-testid="credit-amount">
          {formatAmount(confirming.amount)} {confirming.asset}
        </p>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">Memo</dt>
          <dd className="break-words text-ink">{confirming.memo || '—'}</dd>
          <dt className="text-ink-muted">Reason</dt>
          <dd className="break-words text-ink">{confirming.reason}</dd>
        </dl>
        <p className="text-sm text-ink-muted">
          Above the maker-checker threshold it waits for a second administrator; nothing moves until then.
        </p>
        <FormAlert>{refusal}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <Button ref={back} variant="secondary" disabled={busy} onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button busy={busy} onClick={() => void confirm()}>
            Confirm credit
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={review} className="space-y-4" aria-label="Credit tokens">
      <FormAlert>{refusal}</FormAlert>
      <TextField
        label="Member's e-mail"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <AssetSelect assets={assets} error={errors.asset} {...form.register('asset')} />
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      </div>
      <TextField
        label="Memo (optional, shown in the member's history)"
        maxLength={200}
        error={errors.memo?.message}
        {...form.register('memo')}
      />
      <TextArea
        label="Reason (required, kept in the audit log)"
        rows={2}
        maxLength={500}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Review credit</Button>
      </div>
    </form>
  );
}

/**
 * Reverse an entry: what it moved, a reason (required), Confirm. 200: reversed; 202: waiting for a second
 * administrator; 409: reversed already (the list refreshes).
 */
export function ReverseDialog({
  entry,
  onClose,
  onOutcome,
}: {
  entry: LedgerEntry | null;
  onClose: () => void;
  onOutcome: (outcome: MoveOutcome) => void;
}) {
  return (
    <Modal
      open={entry !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Reverse this entry?"
      description="A reversing entry moves back what this one moved; the entry itself stays in the journal."
      size="md"
    >
      {entry ? <ReverseForm key={entry.id} entry={entry} onClose={onClose} onOutcome={onOutcome} /> : null}
    </Modal>
  );
}

function ReverseForm({
  entry,
  onClose,
  onOutcome,
}: {
  entry: LedgerEntry;
  onClose: () => void;
  onOutcome: (outcome: MoveOutcome) => void;
}) {
  const [post] = useState<MoneyPost>(() => moneyPoster());
  const [refusal, setRefusal] = useState<string | null>(null);
  const refresh = useRefreshAfterMove();
  const form = useForm<z.input<typeof reverseEntryBody>, unknown, z.output<typeof reverseEntryBody>>({
    resolver: zodResolver(reverseEntryBody),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const res = await post(`admin/ledger/entries/${encodeURIComponent(entry.id)}/reverse`, reverseAnswer, values);
      onOutcome(
        'actionId' in res.data
          ? { tone: 'info', text: waitingText(res.message) }
          : { tone: 'success', text: `${res.message}.` },
      );
      onClose();
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.body.fields?.reason)
        form.setError('reason', { message: error.body.fields.reason });
      else setRefusal(errorText(error));
      if (error instanceof ApiError && error.status === 409) await refresh();
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reverse entry">
      <p className="text-sm text-ink">
        <span className="font-semibold">{entry.kind}</span> of {formatDateTime(entry.createdAt)}
        {entry.memo ? ` · ${entry.memo}` : ''}
      </p>
      <ul className="space-y-1 text-sm tabular-nums">
        {entry.postings.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an entry's postings never reorder
          <li key={i} className="flex justify-between gap-3">
            <span className="min-w-0 break-all text-ink-muted">{p.member?.email ?? p.accountKind}</span>
            <span className={p.amount.startsWith('-') ? 'text-danger' : 'text-success'}>
              {formatAmount(p.amount)} {p.asset}
            </span>
          </li>
        ))}
      </ul>
      <FormAlert>{refusal}</FormAlert>
      <TextArea
        label="Reason (required, kept in the audit log)"
        rows={3}
        maxLength={500}
        error={errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={isSubmitting}>
          Reverse entry
        </Button>
      </div>
    </form>
  );
}
