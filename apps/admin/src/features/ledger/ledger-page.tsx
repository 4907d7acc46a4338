import {
  type ColumnDef,
  getCoreRowModel,
  getExpandedRowModel,
  type PaginationState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import type { LedgerEntry } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { inputClass, labelClass } from '@vault/ui/field';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCatalogueAssets } from '../../components/asset-select';
import { Badge } from '../../components/badge';
import { DataTable, detailId } from '../../components/data-table';
import { ListFrame } from '../../components/list-frame';
import { OutcomeNotice } from '../../components/outcome-notice';
import { Pager } from '../../components/pager';
import { formatAmount, formatDateTime } from '../../lib/format';
import { useMay } from '../../lib/session';
import { CreditDialog, type MoveOutcome, ReverseDialog } from './money-dialogs';
import { LEDGER_DEFAULTS, type LedgerListState, ledgerParams, readLedgerState, useEntries } from './queries';

const EMPTY: LedgerEntry[] = [];
/**
 * Kinds the ledger's registry marks not reversible (apps/server/src/ledger/kinds.ts): a hold is resolved by
 * its request's decision, and a reversal is not reversed again. No Reverse on them; for anything else the
 * server's word (400 'not reversible') is shown in the dialog.
 */
const NOT_REVERSIBLE = new Set(['holdPlace', 'holdCommit', 'holdRelease', 'reversal']);
const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** The members an entry touches, for its row: e-mails, or the platform's accounts. */
function parties(entry: LedgerEntry) {
  const emails = [...new Set(entry.postings.map((p) => p.member?.email).filter(Boolean))];
  return emails.length ? emails.join(', ') : 'Platform accounts only';
}

/** What an entry moved, per asset: the members' side (positive postings), e.g. "1,000 Q". */
function moved(entry: LedgerEntry) {
  const seen = new Map<string, string>();
  for (const p of entry.postings) if (!p.amount.startsWith('-') && !seen.has(p.asset)) seen.set(p.asset, p.amount);
  return [...seen].map(([asset, amount]) => `${formatAmount(amount)} ${asset}`).join(', ');
}

/**
 * /admin/ledger: the journal, newest first; each entry opens to its postings. Filters (member by e-mail or
 * id, asset, kind, from/to days) and the page live in the address. With ledger.write: Credit tokens and a
 * Reverse per entry (money-dialogs.tsx), each confirmed, each answered done or waiting for a second
 * administrator.
 */
export function LedgerPage() {
  const [params, setParams] = useSearchParams();
  const state = readLedgerState(params);
  const entries = useEntries(state);
  const assets = useCatalogueAssets();
  const mayWrite = useMay('ledger.write');
  const [reversing, setReversing] = useState<LedgerEntry | null>(null);
  const [outcome, setOutcome] = useState<MoveOutcome | null>(null);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const ids = { member: useId(), asset: useId(), kind: useId(), from: useId(), to: useId() };

  const update = (patch: Partial<LedgerListState>) => setParams(ledgerParams({ ...state, ...patch }));

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '').trim();
    update({
      member: value('member'),
      asset: value('asset').toUpperCase(),
      kind: value('kind'),
      from: value('from'),
      to: value('to'),
      page: 1,
    });
  };

  const columns = useMemo<ColumnDef<LedgerEntry>[]>(
    () => [
      {
        id: 'expand',
        header: () => <span className="sr-only">Postings</span>,
        cell: ({ row }) => (
          <button
            type="button"
            onClick={row.getToggleExpandedHandler()}
            aria-expanded={row.getIsExpanded()}
            aria-controls={detailId(row)}
            aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} the postings of the ${row.original.kind} entry of ${formatDateTime(row.original.createdAt)}`}
            className="grid size-7 place-items-center rounded-md text-ink-muted hover:bg-sunken hover:text-ink"
          >
            <span aria-hidden="true">{row.getIsExpanded() ? '▾' : '▸'}</span>
          </button>
        ),
      },
      {
        id: 'createdAt',
        header: 'Created',
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'kind',
        header: 'Kind',
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1">
            <span className="font-medium text-ink">{row.original.kind}</span>
            {row.original.reversedBy ? <Badge tone="warning">Reversed</Badge> : null}
            {row.original.reverses ? <Badge>Reversal</Badge> : null}
            {/* On a phone the date goes under the kind (its own column is hidden). */}
            <span className="block w-full text-xs tabular-nums text-ink-subtle sm:hidden">
              {formatDateTime(row.original.createdAt)}
            </span>
          </span>
        ),
      },
      {
        id: 'moved',
        header: 'Moved',
        meta: { className: 'tabular-nums whitespace-nowrap' },
        cell: ({ row }) => moved(row.original),
      },
      {
        id: 'parties',
        header: 'Members',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="break-all text-ink-muted">{parties(row.original)}</span>,
      },
      {
        id: 'memo',
        header: 'Memo',
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => <span className="text-ink-muted">{row.original.memo || '—'}</span>,
      },
      ...(mayWrite
        ? ([
            {
              id: 'actions',
              header: () => <span className="sr-only">Actions</span>,
              meta: { className: 'text-right' },
              cell: ({ row }) =>
                row.original.reversedBy || row.original.reverses || NOT_REVERSIBLE.has(row.original.kind) ? null : (
                  <Button variant="secondary" size="sm" onClick={() => setReversing(row.original)}>
                    Reverse
                  </Button>
                ),
            },
          ] as ColumnDef<LedgerEntry>[])
        : []),
    ],
    [mayWrite],
  );

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  const table = useReactTable({
    data: entries.data?.data ?? EMPTY,
    columns,
    getRowId: (entry) => entry.id,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
    getRowCanExpand: () => true,
    manualPagination: true,
    rowCount: entries.data?.total ?? 0,
    state: { pagination, expanded },
    onExpandedChange: (updater) => setExpanded((current) => apply(updater, current) as Record<string, boolean>),
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      update(next.pageSize !== state.limit ? { limit: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
  });

  const data = entries.data;
  const filtered = (['member', 'asset', 'kind', 'from', 'to'] as const).some((key) => state[key] !== '');
  const formKey = ledgerParams({ ...state, page: 1, limit: LEDGER_DEFAULTS.limit }).toString();

  return (
    <section aria-labelledby="ledger-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h1 id="ledger-title" className="text-2xl font-semibold text-ink">
            Ledger
          </h1>
          {data ? (
            <p className="text-sm text-ink-muted">
              {data.total.toLocaleString('en-US')} {filtered ? 'found' : 'entries'}
            </p>
          ) : null}
        </div>
        {mayWrite ? <CreditDialog onOutcome={setOutcome} /> : null}
      </div>

      <search>
        {/* Keyed by the address: going back or a shared link shows its own filters. */}
        <form key={formKey} onSubmit={onFilter} className="grid grid-cols-2 items-end gap-3 md:grid-cols-6">
          <div className="col-span-2">
            <label htmlFor={ids.member} className={labelClass}>
              Member
            </label>
            <input
              id={ids.member}
              name="member"
              type="search"
              defaultValue={state.member}
              placeholder="E-mail or id"
              autoComplete="off"
              spellCheck={false}
              maxLength={254}
              className={`${inputClass} py-2`}
            />
          </div>
          <div>
            <label htmlFor={ids.asset} className={labelClass}>
              Asset
            </label>
            <select id={ids.asset} name="asset" defaultValue={state.asset} className={`${inputClass} py-2`}>
              <option value="">All</option>
              {state.asset && !assets.data?.some((a) => a.symbol === state.asset) ? (
                <option value={state.asset}>{state.asset}</option>
              ) : null}
              {assets.data?.map((asset) => (
                <option key={asset.symbol} value={asset.symbol}>
                  {asset.symbol}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={ids.kind} className={labelClass}>
              Kind
            </label>
            <input
              id={ids.kind}
              name="kind"
              defaultValue={state.kind}
              placeholder="credit, send…"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              pattern="[a-zA-Z]*"
              className={`${inputClass} py-2`}
            />
          </div>
          <div>
            <label htmlFor={ids.from} className={labelClass}>
              From
            </label>
            <input id={ids.from} name="from" type="date" defaultValue={state.from} className={`${inputClass} py-2`} />
          </div>
          <div>
            <label htmlFor={ids.to} className={labelClass}>
              To
            </label>
            <input id={ids.to} name="to" type="date" defaultValue={state.to} className={`${inputClass} py-2`} />
          </div>
          <div className="col-span-2 flex flex-wrap gap-2 md:col-span-6">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            {filtered ? (
              <Button variant="secondary" size="sm" onClick={() => setParams(new URLSearchParams())}>
                Clear
              </Button>
            ) : null}
          </div>
        </form>
      </search>

      <OutcomeNotice outcome={outcome} onDismiss={() => setOutcome(null)} />
      <ListFrame query={entries} loading="Loading entries…" errorTitle="The entries could not be loaded">
        <DataTable
          table={table}
          caption={`Ledger entries${filtered ? ' matching the filters' : ''}, newest first${
            table.getPageCount() > 1 ? `, page ${state.page} of ${table.getPageCount()}` : ''
          }`}
          loading={entries.isPending}
          detail={(row) => <Postings entry={row.original} />}
          empty={
            data && data.total > 0 ? (
              <EmptyState icon="box" action={{ label: 'First page', onClick: () => update({ page: 1 }) }}>
                This page is past the end of the list.
              </EmptyState>
            ) : filtered ? (
              <EmptyState
                icon="box"
                action={{ label: 'Clear filters', onClick: () => setParams(new URLSearchParams()) }}
              >
                No entry matches these filters.
              </EmptyState>
            ) : (
              <EmptyState icon="box">The ledger has no entries yet.</EmptyState>
            )
          }
        />
      </ListFrame>
      {data && data.total > 0 ? <Pager table={table} total={data.total} label="Entries" /> : null}

      <ReverseDialog entry={reversing} onClose={() => setReversing(null)} onOutcome={setOutcome} />
    </section>
  );
}

/** An entry's postings: account, member, asset, signed amount; and who made it, what it reverses. */
function Postings({ entry }: { entry: LedgerEntry }) {
  return (
    <div className="space-y-2 text-sm">
      <p className="break-all text-ink-muted">
        Entry <span className="font-mono text-xs text-ink">{entry.id}</span>
        {entry.createdBy?.email ? ` · by ${entry.createdBy.email}` : ''}
        {entry.reverses ? ` · reverses ${entry.reverses}` : ''}
        {entry.reversedBy ? ` · reversed by ${entry.reversedBy}` : ''}
        {entry.memo ? ` · ${entry.memo}` : ''}
      </p>
      <table className="w-full max-w-2xl text-left">
        <caption className="sr-only">Postings of the entry</caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-ink-subtle">
            <th scope="col" className="py-1 pr-3 font-semibold">
              Account
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Member
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {entry.postings.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an entry's postings never reorder
            <tr key={i} className="border-t border-line">
              <td className="py-1 pr-3 text-ink">{p.accountKind}</td>
              <td className="break-all py-1 pr-3 text-ink-muted">
                {p.member ? (p.member.email ?? 'Deleted member') : '—'}
              </td>
              <td
                className={`whitespace-nowrap py-1 text-right tabular-nums ${p.amount.startsWith('-') ? 'text-danger' : 'text-success'}`}
              >
                {formatAmount(p.amount)} {p.asset}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
