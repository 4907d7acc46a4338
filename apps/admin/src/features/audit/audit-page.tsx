import { useQueryClient } from '@tanstack/react-query';
import {
  type ColumnDef,
  type ExpandedState,
  getCoreRowModel,
  type PaginationState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { AUDIT_EXPORT_MAX_ROWS, type AuditRow, auditExportQuery } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { FilterField } from '../../components/filter-field';
import { FormAlert, StatusLine } from '../../components/form-alert';
import { ListFrame } from '../../components/list-frame';
import { Pager } from '../../components/pager';
import { RowToggle } from '../../components/row-toggle';
import { downloadFile } from '../../lib/api';
import { formatCount, formatDateTime } from '../../lib/format';
import {
  AUDIT_DEFAULTS,
  type AuditFilters,
  type AuditListState,
  auditCsvPath,
  auditKey,
  auditParams,
  filtersOf,
  isFiltered,
  NO_FILTERS,
  readAuditState,
  useAudit,
} from './queries';

const EMPTY: AuditRow[] = [];

/** Actions recorded today, offered as the action filter's suggestions (any other may be typed). */
const KNOWN_ACTIONS = [
  'user.',
  'user.block',
  'user.unblock',
  'member.sessions.revoke',
  'notification.',
  'notification.send',
  'notification.broadcast',
  'ledger.',
  'ledger.credit',
  'ledger.reverse',
  'request.',
  'request.approve',
  'request.reject',
  'redemption.',
  'redemption.accept',
  'redemption.complete',
  'redemption.reject',
  'price.set',
  'settings.',
  'outbox.read',
  'audit.export',
  'admin.',
  'admin.sign-in',
  'admin.create',
  'admin.disable',
];

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** The filters' own mistakes, in words, before anything is asked (the server checks the same rules). */
function checkFilters(filters: AuditFilters): Partial<Record<keyof AuditFilters, string>> {
  const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const parsed = auditExportQuery.safeParse(given);
  const errors: Partial<Record<keyof AuditFilters, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof AuditFilters;
      if (errors[key]) continue;
      errors[key] =
        key === 'admin' || key === 'member'
          ? 'Enter an e-mail address or an id'
          : key === 'action'
            ? 'Letters, digits and . _ - only (end with a dot for a family: user.)'
            : issue.message;
    }
  } else if (parsed.data.from && parsed.data.to && parsed.data.from >= parsed.data.to) {
    errors.to = 'The end is before the start';
  }
  return errors;
}

/** A row's details in one line: the reason or message when there is one, else the fields it holds. */
function summary(details: Record<string, unknown>) {
  for (const key of ['reason', 'message']) {
    const value = details[key];
    if (typeof value === 'string' && value) return `${key === 'reason' ? 'Reason' : 'Message'}: ${value}`;
  }
  const keys = Object.keys(details);
  return keys.length ? keys.join(', ') : '';
}

/**
 * /admin/audit: every administrator action, newest first. Filters (administrator, action, member, dates) and
 * the page live in the address; a row opens its details (the recorded JSON, pretty-printed). "Export CSV"
 * downloads the same filters' rows through the authenticated call (a Blob), never a URL with the token.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const state = readAuditState(params);
  const audit = useAudit(state);
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const update = (patch: Partial<AuditListState>) => setParams(auditParams({ ...state, ...patch }));

  // What the filter form shows: the address's filters, until the administrator edits them.
  const [draft, setDraft] = useState<AuditFilters>(() => filtersOf(state));
  const [errors, setErrors] = useState<Partial<Record<keyof AuditFilters, string>>>({});
  const addressFilters = JSON.stringify(filtersOf(state));
  useEffect(() => {
    setDraft(JSON.parse(addressFilters) as AuditFilters);
    setErrors({});
  }, [addressFilters]);

  const columns = useMemo<ColumnDef<AuditRow>[]>(
    () => [
      {
        id: 'createdAt',
        header: 'When',
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums text-ink-muted' },
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => {
          const line = summary(row.original.details);
          return (
            <div className="min-w-0 space-y-0.5">
              <p className="font-mono text-xs font-semibold text-ink">{row.original.action}</p>
              {line ? <p className="line-clamp-2 max-w-md break-words text-xs text-ink-muted">{line}</p> : null}
              <p className="text-xs text-ink-subtle tabular-nums sm:hidden">{formatDateTime(row.original.createdAt)}</p>
              <p className="text-xs text-ink-subtle md:hidden">
                by {row.original.actor ? row.original.actor.email || row.original.actor.id : 'the command line'}
              </p>
            </div>
          );
        },
      },
      {
        id: 'actor',
        header: 'Administrator',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => {
          const actor = row.original.actor;
          if (!actor) return <span className="text-ink-subtle">Command line</span>;
          return (
            <span className="block max-w-64 break-words">
              {actor.name ? <span className="block text-ink">{actor.name}</span> : null}
              <span className="text-xs text-ink-muted">{actor.email || actor.id}</span>
            </span>
          );
        },
      },
      {
        id: 'target',
        header: 'About',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => {
          const { targetMember, targetId } = row.original;
          if (targetMember)
            return (
              <Link
                to={`/members/${targetMember.id}`}
                className="block max-w-64 break-words text-ink underline-offset-4 hover:underline"
              >
                {targetMember.email}
              </Link>
            );
          return targetId ? (
            <span className="block max-w-40 truncate font-mono text-xs text-ink-muted" title={targetId}>
              {targetId}
            </span>
          ) : (
            <span className="text-ink-subtle">—</span>
          );
        },
      },
      {
        id: 'details',
        header: () => <span className="sr-only">Details</span>,
        meta: { className: 'text-right' },
        cell: ({ row }) => <RowToggle row={row}>Details</RowToggle>,
      },
    ],
    [],
  );

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  const table = useReactTable({
    data: audit.data?.data ?? EMPTY,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: () => true,
    manualPagination: true,
    manualFiltering: true,
    rowCount: audit.data?.total ?? 0,
    state: { pagination, expanded },
    onExpandedChange: setExpanded,
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      update(next.pageSize !== state.limit ? { limit: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
  });

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    const found = checkFilters(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as AuditFilters;
    update({ ...trimmed, page: 1 });
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setErrors({});
    setParams(auditParams({ ...AUDIT_DEFAULTS, limit: state.limit }));
  };

  const exportCsv = async () => {
    setExporting(true);
    setExported(null);
    setExportError(null);
    try {
      const name = await downloadFile(auditCsvPath(state), 'audit-log.csv');
      setExported(`Downloaded ${name}. The export is itself recorded in the log.`);
      // The export wrote its own row: the list shows it.
      await queryClient.invalidateQueries({ queryKey: auditKey });
    } catch (error) {
      setExportError(`The export failed: ${errorText(error)}`);
    } finally {
      setExporting(false);
    }
  };

  const data = audit.data;
  const filtered = isFiltered(state);

  return (
    <section aria-labelledby="audit-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 id="audit-title" className="text-2xl font-semibold text-ink">
          Audit log
        </h1>
        <div className="flex items-center gap-3">
          {data ? (
            <p className="text-sm text-ink-muted">
              {formatCount(data.total)} {filtered ? 'found' : 'in all'}
            </p>
          ) : null}
          <Button variant="secondary" size="sm" busy={exporting} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        </div>
      </div>

      <search>
        <form
          noValidate
          aria-label="Filter the audit log"
          onSubmit={onFilter}
          className="grid grid-cols-2 gap-3 lg:grid-cols-6"
        >
          <FilterField
            label="Administrator"
            placeholder="E-mail or id"
            value={draft.admin}
            error={errors.admin}
            onChange={(admin) => setDraft({ ...draft, admin })}
            className="col-span-2 sm:col-span-1 lg:col-span-2"
          />
          <FilterField
            label="Member"
            placeholder="E-mail or id"
            value={draft.member}
            error={errors.member}
            onChange={(member) => setDraft({ ...draft, member })}
            className="col-span-2 sm:col-span-1 lg:col-span-2"
          />
          <FilterField
            label="Action"
            placeholder="user.block, or user. for all"
            value={draft.action}
            error={errors.action}
            onChange={(action) => setDraft({ ...draft, action })}
            suggestions={KNOWN_ACTIONS}
            className="col-span-2"
          />
          <FilterField
            label="From"
            type="date"
            value={draft.from}
            error={errors.from}
            onChange={(from) => setDraft({ ...draft, from })}
            className="col-span-1 lg:col-span-2"
          />
          <FilterField
            label="To"
            type="date"
            value={draft.to}
            error={errors.to}
            onChange={(to) => setDraft({ ...draft, to })}
            className="col-span-1 lg:col-span-2"
          />
          <div className="col-span-2 flex items-end gap-2">
            <Button type="submit" size="sm" className="py-2">
              Apply filters
            </Button>
            <Button variant="secondary" size="sm" className="py-2" onClick={clear} disabled={!filtered}>
              Clear
            </Button>
          </div>
        </form>
      </search>

      <StatusLine>{exported}</StatusLine>
      <FormAlert>{exportError}</FormAlert>
      {data && data.total > AUDIT_EXPORT_MAX_ROWS ? (
        <p className="text-sm text-ink-muted">
          The export carries the newest {formatCount(AUDIT_EXPORT_MAX_ROWS)} rows of these filters: narrow them for
          older ones.
        </p>
      ) : null}

      <ListFrame query={audit} loading="Loading the audit log…" errorTitle="The audit log could not be loaded">
        <DataTable
          table={table}
          caption={`Audit log, newest first${filtered ? ', filtered' : ''}${
            table.getPageCount() > 1 ? `, page ${state.page} of ${table.getPageCount()}` : ''
          }`}
          loading={audit.isPending}
          detail={(row) => <AuditDetail row={row.original} />}
          empty={
            data && data.total > 0 ? (
              <EmptyState icon="history" action={{ label: 'First page', onClick: () => update({ page: 1 }) }}>
                This page is past the end of the log.
              </EmptyState>
            ) : filtered ? (
              <EmptyState icon="history" action={{ label: 'Clear filters', onClick: clear }}>
                No action matches these filters.
              </EmptyState>
            ) : (
              <EmptyState icon="history">No administrator action has been recorded yet.</EmptyState>
            )
          }
        />
      </ListFrame>
      {data && data.total > 0 ? <Pager table={table} total={data.total} label="Audit log" /> : null}
    </section>
  );
}

/** One row's full record: who, about what, and the details as recorded (JSON, pretty-printed). */
function AuditDetail({ row }: { row: AuditRow }) {
  const facts: [string, string][] = [
    ['Recorded', formatDateTime(row.createdAt)],
    ['Administrator', row.actor ? `${row.actor.name} ${row.actor.email} (${row.actor.id})`.trim() : 'Command line'],
    ['About', row.targetMember ? `${row.targetMember.email} (${row.targetMember.id})` : (row.targetId ?? '—')],
    ['Row id', row.id],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-ink-subtle">{term}</dt>
            <dd className="break-all text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-surface p-3 font-mono text-xs text-ink ring-1 ring-line">
        {JSON.stringify(row.details, null, 2)}
      </pre>
    </div>
  );
}
