import { type ColumnDef, type ExpandedState, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { OUTBOX_LIMITS, type OutboxMail } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { inputClass, labelClass } from '@vault/ui/field';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { FilterField } from '../../components/filter-field';
import { ListFrame } from '../../components/list-frame';
import { RowToggle } from '../../components/row-toggle';
import { formatCount, formatDateTime } from '../../lib/format';
import { type OutboxLimit, outboxParams, readOutboxState, useOutbox } from './queries';

const EMPTY: OutboxMail[] = [];

/**
 * /admin/outbox: the mails the platform sent (or is sending), newest first, to one address or to everyone.
 * The server hides one-time codes and link tokens ("[hidden]"): who got which mail when stays visible. A row
 * opens the mail's text. Each look is recorded in the audit log.
 */
export function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const state = readOutboxState(params);
  const outbox = useOutbox(state);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const limitId = useId();

  const [to, setTo] = useState(state.to);
  useEffect(() => setTo(state.to), [state.to]);

  const columns = useMemo<ColumnDef<OutboxMail>[]>(
    () => [
      {
        id: 'createdAt',
        header: 'When',
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums text-ink-muted' },
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'to',
        header: 'To',
        cell: ({ row }) => (
          <span className="block max-w-72 break-words">
            <span className="text-ink">{row.original.to}</span>
            <span className="block text-xs text-ink-muted sm:hidden">{row.original.subject}</span>
            <span className="block text-xs text-ink-subtle tabular-nums sm:hidden">
              {formatDateTime(row.original.createdAt)}
            </span>
          </span>
        ),
      },
      {
        id: 'subject',
        header: 'Subject',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="font-medium text-ink">{row.original.subject}</span>,
      },
      {
        id: 'kind',
        header: 'Kind',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => <Badge>{row.original.kind}</Badge>,
      },
      {
        id: 'open',
        header: () => <span className="sr-only">Mail text</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => <RowToggle row={row}>Read</RowToggle>,
      },
    ],
    [],
  );

  const table = useReactTable({
    data: outbox.data?.data ?? EMPTY,
    columns,
    getRowId: (mail) => mail._id,
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: () => true,
    manualFiltering: true,
    state: { expanded },
    onExpandedChange: setExpanded,
  });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setParams(outboxParams({ ...state, to: to.trim() }));
  };
  const rows = outbox.data?.data;

  return (
    <section aria-labelledby="outbox-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 id="outbox-title" className="text-2xl font-semibold text-ink">
          Outbox
        </h1>
        {rows ? (
          <div className="flex items-center gap-3">
            <p className="text-sm text-ink-muted">
              {rows.length === state.limit
                ? `The newest ${formatCount(rows.length)}`
                : `${formatCount(rows.length)} mail${rows.length === 1 ? '' : 's'}`}
            </p>
            <Button variant="secondary" size="sm" busy={outbox.isFetching} onClick={() => void outbox.refetch()}>
              Refresh
            </Button>
          </div>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        One-time codes and the tokens of links are hidden by the server and show as “[hidden]”. Each look at the outbox
        is recorded in the audit log.
      </p>

      <search>
        <form className="flex flex-wrap items-end gap-3" onSubmit={onFilter} aria-label="Filter the outbox">
          <FilterField
            label="Recipient"
            type="search"
            value={to}
            onChange={setTo}
            placeholder="Exact e-mail address"
            className="flex-1 basis-64"
          />
          <div>
            <label htmlFor={limitId} className={labelClass}>
              Show
            </label>
            <select
              id={limitId}
              value={state.limit}
              onChange={(event) =>
                setParams(outboxParams({ ...state, limit: Number(event.target.value) as OutboxLimit }))
              }
              className={`${inputClass} w-auto py-2`}
            >
              {OUTBOX_LIMITS.map((limit) => (
                <option key={limit} value={limit}>
                  Newest {limit}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" size="sm" className="py-2">
            Show mails
          </Button>
        </form>
      </search>

      <ListFrame query={outbox} loading="Loading the outbox…" errorTitle="The outbox could not be loaded">
        <DataTable
          table={table}
          caption={`Mails, newest first${state.to ? `, to ${state.to}` : ''}`}
          loading={outbox.isPending}
          detail={(row) => (
            <div className="space-y-2">
              <p className="text-sm font-semibold break-words text-ink">{row.original.subject}</p>
              <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-surface p-3 font-mono text-xs text-ink ring-1 ring-line">
                {row.original.text}
              </pre>
            </div>
          )}
          empty={
            state.to ? (
              <EmptyState
                icon="send"
                action={{
                  label: 'Show every recipient',
                  onClick: () => setParams(outboxParams({ ...state, to: '' })),
                }}
              >
                No mail has been sent to {state.to}.
              </EmptyState>
            ) : (
              <EmptyState icon="send">No mail has been sent yet.</EmptyState>
            )
          }
        />
      </ListFrame>
    </section>
  );
}
