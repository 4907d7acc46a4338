import { zodResolver } from '@hookform/resolvers/zod';
import { type RecordReservesBody, recordReservesBody } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { TextArea, TextField } from '@vault/ui/field';
import { LoadError } from '@vault/ui/load-error';
import { Modal } from '@vault/ui/modal';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AssetSelect, decimalsError, useCatalogueAssets } from '../../components/asset-select';
import { FormAlert } from '../../components/form-alert';
import { ApiError } from '../../lib/api';
import { formatAmount, formatDateTime, formatDay } from '../../lib/format';
import { useRecordReserves, useReserveHistory } from './queries';

/** A record's day (YYYY-MM-DD) as a UTC calendar day: "28 Feb 2026". */
export const formatReserveDay = (day: string) => formatDay(`${day}T00:00:00Z`);

/** Today in the administrator's own calendar, YYYY-MM-DD: the date field's default. */
function localToday() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Owners: "Record reserves", what the platform holds outside the ledger for an asset, as counted or attested
 * (asset, amount in the asset's decimals, the day, a note naming the custodian and the attestation). It becomes
 * the asset's current figure on the overview; the previous one stays in its history and in the audit log.
 */
export function RecordReservesDialog({ onDone }: { onDone: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        Record reserves
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Record reserves" size="md">
        {open ? (
          <RecordForm
            onClose={() => setOpen(false)}
            onDone={(text) => {
              setOpen(false);
              onDone(text);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function RecordForm({ onClose, onDone }: { onClose: () => void; onDone: (text: string) => void }) {
  const assets = useCatalogueAssets();
  const record = useRecordReserves();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof recordReservesBody>, unknown, RecordReservesBody>({
    resolver: zodResolver(recordReservesBody),
    defaultValues: { asset: '', amount: '', asOf: localToday(), note: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const tooPrecise = decimalsError(assets.data, values.asset, values.amount);
    if (tooPrecise) {
      form.setError('amount', { message: tooPrecise });
      return;
    }
    try {
      const res = await record.mutateAsync(values);
      onDone(
        `${res.message}: ${formatAmount(res.data.amount)} ${res.data.asset} as of ${formatReserveDay(res.data.asOf)}.`,
      );
    } catch (error) {
      // Field messages go under their fields; anything else above the form.
      const fields = Object.entries((error instanceof ApiError && error.body.fields) || {}).filter(
        ([name]) => name in form.getValues(),
      );
      for (const [name, message] of fields) form.setError(name as keyof RecordReservesBody, { message });
      if (!fields.length) setRefusal(errorText(error));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Record reserves">
      <FormAlert>{refusal}</FormAlert>
      <p className="text-sm text-ink-muted">
        What the platform holds outside the ledger (metal in a vault, dollars at a bank). It replaces the asset's
        current figure; the previous one stays in its history and in the audit log.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <AssetSelect assets={assets} error={errors.asset} {...form.register('asset')} />
        <TextField
          label="Amount held"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      </div>
      <TextField
        label="Counted or attested on"
        type="date"
        className="sm:max-w-xs"
        error={errors.asOf?.message}
        {...form.register('asOf')}
      />
      <TextArea
        label="Note (custodian and attestation reference, 3-500 characters)"
        rows={3}
        maxLength={500}
        error={errors.note?.message}
        {...form.register('note')}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={record.isPending}>
          Record reserves
        </Button>
      </div>
    </form>
  );
}

const HISTORY_PAGE = 10;

/** An asset's reserve records, newest first, ten at a time: amount, day, note, who recorded it and when. */
export function ReserveHistoryDialog({ asset, onClose }: { asset: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useReserveHistory(asset, page, HISTORY_PAGE);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE)) : 1;
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Reserve history of ${asset}`}
      size="lg"
    >
      <div className="space-y-4">
        <p role="status" className="sr-only">
          {history.isPending ? 'Loading the records…' : ''}
        </p>
        {history.isPending ? (
          <div aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-sunken" />
        ) : history.isError && !data ? (
          <LoadError query={history} title="The records could not be loaded" />
        ) : data && data.total === 0 ? (
          <EmptyState icon="history" compact>
            No reserves of {asset} have been recorded yet.
          </EmptyState>
        ) : data ? (
          <>
            <ol className="divide-y divide-line" aria-label={`Records of ${asset}, newest first`}>
              {data.data.map((r, i) => (
                <li key={r.id} className="space-y-1 py-3">
                  <p className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <span className="text-lg font-semibold tabular-nums text-ink">
                      {formatAmount(r.amount)} {r.asset}
                    </span>
                    <span className="text-sm text-ink-muted">
                      as of {formatReserveDay(r.asOf)}
                      {page === 1 && i === 0 ? ' · current' : ''}
                    </span>
                  </p>
                  <p className="break-words text-sm text-ink">{r.note}</p>
                  <p className="text-xs text-ink-subtle">
                    Recorded {formatDateTime(r.recordedAt)} by {r.recordedBy?.email ?? 'a removed account'}
                  </p>
                </li>
              ))}
            </ol>
            {pages > 1 ? (
              <nav
                aria-label="Record pages"
                className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted"
              >
                <p aria-live="polite">
                  Page {page} of {pages} · {data.total.toLocaleString('en-US')} records
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Newer
                  </Button>
                  <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                    Older
                  </Button>
                </div>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </Modal>
  );
}
