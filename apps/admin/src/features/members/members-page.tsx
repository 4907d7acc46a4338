import {
  type ColumnDef,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import type { BackofficeMember, MemberSort } from '@vault/contract/schemas/backoffice';
import { EmptyState } from '@vault/ui/empty-state';
import { inputClass, labelClass } from '@vault/ui/field';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table';
import { FilterField } from '../../components/filter-field';
import { ListFrame } from '../../components/list-frame';
import { Pager } from '../../components/pager';
import { formatDay } from '../../lib/format';
import { useDebouncedEffect } from '../../lib/use-debounced-effect';
import {
  LIST_DEFAULTS,
  listParams,
  MEMBER_STATUSES,
  type MemberStatus,
  type MembersListState,
  readListState,
  useMembers,
} from './queries';

const EMPTY: BackofficeMember[] = [];
const STATUS_LABELS: Record<MemberStatus, string> = { all: 'All', active: 'Active', blocked: 'Blocked' };
const SORT_LABELS: Record<string, string> = { createdAt: 'joining date', email: 'e-mail', name: 'name' };

const apply = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/**
 * /admin/members: search by e-mail or name (sent 300 ms after typing pauses), filter by status, sort by name,
 * e-mail or joining date, page through. The state lives in the address; TanStack Table holds it for the
 * table (manual pagination, sorting and filtering: the server does the work) and writes every change back.
 */
export function MembersPage() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const members = useMembers(state);
  const navigate = useNavigate();
  const location = useLocation();
  const statusId = useId();

  const update = (patch: Partial<MembersListState>, replace = false) =>
    setParams(listParams({ ...state, ...patch }), { replace });

  // What the search box shows: the address's search, until the administrator types.
  const [text, setText] = useState(state.search);
  useEffect(() => {
    setText((current) => (current.trim() === state.search.trim() ? current : state.search));
  }, [state.search]);

  const columns = useMemo<ColumnDef<BackofficeMember>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: 'Name',
        sortDescFirst: false,
        cell: ({ row }) => (
          <Link
            to={`/members/${row.original.id}`}
            state={{ list: location.search }}
            className="font-semibold text-ink underline-offset-4 hover:underline"
          >
            {row.original.name || 'No name'}
            <span className="block text-xs font-normal text-ink-subtle sm:hidden">{row.original.email}</span>
          </Link>
        ),
      },
      {
        id: 'email',
        accessorKey: 'email',
        header: 'Email',
        sortDescFirst: false,
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) => <span className="break-all text-ink-muted">{row.original.email}</span>,
      },
      {
        id: 'status',
        header: 'Status',
        enableSorting: false,
        accessorFn: (member) => (member.isBlocked ? 'blocked' : 'active'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            {row.original.isBlocked ? <Badge tone="danger">Blocked</Badge> : <Badge tone="success">Active</Badge>}
            {row.original.emailVerified ? null : <Badge tone="warning">Unverified</Badge>}
          </span>
        ),
      },
      {
        id: 'type',
        header: 'Type',
        enableSorting: false,
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => (row.original.type === 'sdira' ? 'SDIRA' : 'Member'),
      },
      {
        id: 'vault',
        header: 'Vault',
        enableSorting: false,
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => (row.original.isWalletActivated ? 'Activated' : 'Not activated'),
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: 'Joined',
        sortDescFirst: true,
        meta: { className: 'hidden sm:table-cell whitespace-nowrap tabular-nums' },
        cell: ({ row }) => formatDay(row.original.createdAt),
      },
    ],
    [location.search],
  );

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.limit };
  const sorting: SortingState = [{ id: state.sort.replace(/^-/, ''), desc: state.sort.startsWith('-') }];
  const table = useReactTable({
    data: members.data?.data ?? EMPTY,
    columns,
    getRowId: (member) => member.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    rowCount: members.data?.total ?? 0,
    state: {
      pagination,
      sorting,
      globalFilter: state.search,
      columnFilters: state.status === 'all' ? [] : [{ id: 'status', value: state.status }],
    },
    onPaginationChange: (updater) => {
      const next = apply(updater, pagination);
      // A new page size starts again at the first page.
      update(next.pageSize !== state.limit ? { limit: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
    onSortingChange: (updater) => {
      const [first] = apply(updater, sorting);
      const sort = (first ? `${first.desc ? '-' : ''}${first.id}` : LIST_DEFAULTS.sort) as MemberSort;
      update({ sort, page: 1 });
    },
    onGlobalFilterChange: (updater) => {
      const search = String(apply(updater, state.search) ?? '').trim();
      if (search !== state.search.trim()) update({ search, page: 1 }, true);
    },
    onColumnFiltersChange: (updater) => {
      const filters = apply(updater, []);
      const status = (filters.find((f) => f.id === 'status')?.value as MemberStatus | undefined) ?? 'all';
      update({ status, page: 1 });
    },
  });

  useDebouncedEffect(text, 300, (value) => table.setGlobalFilter(value));

  const data = members.data;
  const filtered = state.search.trim() !== '' || state.status !== 'all';
  const sortedBy = sorting[0] ? `${SORT_LABELS[sorting[0].id]}, ${sorting[0].desc ? 'descending' : 'ascending'}` : '';

  return (
    <section aria-labelledby="members-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="members-title" className="text-2xl font-semibold text-ink">
          Members
        </h1>
        {data ? (
          <p className="text-sm text-ink-muted">
            {data.total.toLocaleString('en-US')} {filtered ? 'found' : 'in all'}
          </p>
        ) : null}
      </div>

      <search>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            table.setGlobalFilter(text);
          }}
        >
          <FilterField
            label="Search"
            type="search"
            value={text}
            onChange={setText}
            placeholder="E-mail or name"
            className="flex-1 basis-64"
          />
          <div>
            <label htmlFor={statusId} className={labelClass}>
              Status
            </label>
            <select
              id={statusId}
              value={state.status}
              onChange={(event) =>
                table.getColumn('status')?.setFilterValue(event.target.value === 'all' ? undefined : event.target.value)
              }
              className={`${inputClass} w-auto py-2`}
            >
              {MEMBER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>

      <ListFrame query={members} loading="Loading members…" errorTitle="The members could not be loaded">
        <DataTable
          table={table}
          caption={`Members${filtered ? ' matching the search' : ''}, sorted by ${sortedBy}${
            table.getPageCount() > 1 ? `, page ${state.page} of ${table.getPageCount()}` : ''
          }`}
          loading={members.isPending}
          onOpen={(row) => navigate(`/members/${row.original.id}`, { state: { list: location.search } })}
          empty={
            data && data.total > 0 ? (
              <EmptyState icon="box" action={{ label: 'First page', onClick: () => update({ page: 1 }) }}>
                This page is past the end of the list.
              </EmptyState>
            ) : filtered ? (
              <EmptyState
                icon="box"
                action={{
                  label: 'Clear search and filter',
                  onClick: () => {
                    setText('');
                    update({ search: '', status: 'all', page: 1 });
                  },
                }}
              >
                {state.search.trim()
                  ? `No ${state.status === 'all' ? '' : `${state.status} `}member matches “${state.search.trim()}”.`
                  : `No ${state.status} members.`}
              </EmptyState>
            ) : (
              <EmptyState icon="box">No members have signed up yet.</EmptyState>
            )
          }
        />
      </ListFrame>
      {data && data.total > 0 ? <Pager table={table} total={data.total} label="Members" /> : null}
    </section>
  );
}
