import type { ColumnDef } from '@tanstack/react-table';
import { type AdminProviderEvent, ONLINE_METHODS } from '@vault/contract/schemas/funding';
import { EmptyState } from '@vault/ui/empty-state';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/badge';
import { FilterBar } from '../../components/filter-bar';
import { LocalDateTime } from '../../components/local-date-time';
import { PagedList } from '../../components/paged-list';
import { SelectField } from '../../components/select-field';
import { useServerPagedTable } from '../../components/use-server-paged-table';
import { PROVIDER_LABELS } from './describe';
import { ProviderEventDialog } from './provider-event-dialog';
import type { TabProps } from './purchases-page';
import { type PurchasesState, useProviderEvents } from './queries';

const NO_EVENTS: AdminProviderEvent[] = [];

/** The Provider events tab: filtered by provider and verification; a row opens the event and its payload. */
export function ProviderEventsList({ state, update }: TabProps) {
  const events = useProviderEvents(state);
  const [opened, setOpened] = useState<AdminProviderEvent | null>(null);
  const columns = useMemo<ColumnDef<AdminProviderEvent>[]>(
    () => [
      {
        id: 'event',
        header: 'Event',
        cell: ({ row }) => (
          <span className="block max-w-72">
            <button
              type="button"
              onClick={() => setOpened(row.original)}
              className="text-left text-sm font-semibold text-ink underline-offset-4 hover:underline"
            >
              {row.original.eventType}
            </button>
            <span className="block truncate font-mono text-xs text-ink-subtle" title={row.original.eventId}>
              {row.original.eventId}
            </span>
          </span>
        ),
      },
      {
        id: 'provider',
        header: 'Provider',
        cell: ({ row }) => PROVIDER_LABELS[row.original.provider],
      },
      {
        id: 'verified',
        header: 'Verified',
        cell: ({ row }) =>
          row.original.verified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <span className="block">
              <Badge tone="danger">Refused</Badge>
              <span className="block text-xs text-ink-subtle">{row.original.refusedReason}</span>
            </span>
          ),
      },
      {
        id: 'processed',
        header: 'Processed',
        meta: { className: 'hidden sm:table-cell' },
        cell: ({ row }) =>
          row.original.processed ? (
            <Badge tone="success">Processed</Badge>
          ) : (
            <Badge tone="warning">Not processed</Badge>
          ),
      },
      {
        id: 'order',
        header: 'Order',
        meta: { className: 'hidden md:table-cell' },
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.purchase?.orderId ?? '—'}</span>,
      },
      {
        id: 'received',
        header: 'Received',
        meta: { className: 'hidden lg:table-cell' },
        cell: ({ row }) => <LocalDateTime iso={row.original.receivedAt} />,
      },
    ],
    [],
  );
  const data = events.data;
  const table = useServerPagedTable({
    data: data?.data ?? NO_EVENTS,
    total: data?.total ?? 0,
    columns,
    getRowId: (e) => e._id,
    state,
    update,
  });
  return (
    <div className="space-y-4">
      <FilterBar total={data?.total} one="event" many="events">
        <SelectField
          label="Provider"
          value={state.provider}
          onChange={(provider) => update({ provider, page: 1 })}
          options={[['', 'Every provider'], ...ONLINE_METHODS.map((m): [string, string] => [m, PROVIDER_LABELS[m]])]}
        />
        <SelectField
          label="Verification"
          value={state.verified}
          onChange={(verified) => update({ verified: verified as PurchasesState['verified'], page: 1 })}
          options={[
            ['', 'Verified and refused'],
            ['true', 'Verified'],
            ['false', 'Refused'],
          ]}
        />
      </FilterBar>
      <PagedList
        query={events}
        table={table}
        page={state.page}
        total={data?.total}
        loading="Loading provider events…"
        errorTitle="The provider events could not be loaded"
        caption="Provider events"
        pagerLabel="Provider events"
        onFirstPage={() => update({ page: 1 })}
        onOpen={(row) => setOpened(row.original)}
        empty={<EmptyState icon="box">No provider event matches these filters.</EmptyState>}
      />
      <ProviderEventDialog event={opened} onClose={() => setOpened(null)} />
    </div>
  );
}
