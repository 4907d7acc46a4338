import type { Overview } from '@vault/contract/schemas/backoffice';
import { Button } from '@vault/ui/button';
import { cardClass, cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { tableClasses } from '@vault/ui/table';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { StatusLine } from '../../components/form-alert';
import { formatAmount, formatCount, formatDateTime } from '../../lib/format';
import { useMay } from '../../lib/session';
import { useOverview } from './queries';
import { formatReserveDay, RecordReservesDialog, ReserveHistoryDialog } from './reserve-dialogs';

const { wrap, table, head, th, body, td } = tableClasses();
/** A figure's tile: a card, tighter on a phone where two stand side by side. */
const tileClass = `${cardSurface} flex flex-col gap-1 p-4 sm:p-6`;
/** The asset column stays in view while the figures scroll sideways on a phone. */
const stickyCell = 'sticky left-0 z-10 bg-surface';

/** "send" → "Send requests": the kinds of members' requests (later issues add theirs). */
const kindLabel = (kind: string) => `${kind.charAt(0).toUpperCase()}${kind.slice(1)} requests`;

/**
 * /admin/overview, where /admin lands: what the platform owes members per asset (balances plus holds) beside
 * what the treasury issued and the reserves recorded (with the coverage; owners record reserves here, everyone
 * reads an asset's history), today's volume, the requests waiting (each kind links to its queue), sign-ups and
 * vault activations. Amounts are the API's decimal strings, grouped for reading, never computed here.
 */
export function OverviewPage() {
  const overview = useOverview();
  const data = overview.data;
  return (
    <section aria-labelledby="overview-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 id="overview-title" className="text-2xl font-semibold text-ink">
          Overview
        </h1>
        {data ? (
          <div className="flex items-center gap-3 text-sm text-ink-muted">
            <p>As of {formatDateTime(data.asOf)}</p>
            <Button variant="secondary" size="sm" busy={overview.isFetching} onClick={() => void overview.refetch()}>
              Refresh
            </Button>
          </div>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {overview.isPending ? 'Loading the overview…' : overview.isFetching ? 'Updating the figures…' : ''}
      </p>
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError && !data ? (
        <LoadError query={overview} title="The overview could not be loaded" />
      ) : data ? (
        <>
          {overview.isError ? <RefreshError query={overview} what="The figures" /> : null}
          <Figures data={data} />
          <Assets data={data} />
          <Pending data={data} />
        </>
      ) : null}
    </section>
  );
}

function OverviewSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="h-28 animate-pulse rounded-2xl bg-sunken" />
        ))}
      </div>
      <div className="h-56 animate-pulse rounded-2xl bg-sunken" />
    </div>
  );
}

/** Sign-ups, activations and the requests waiting: three tiles. */
function Figures({ data }: { data: Overview }) {
  const waiting = data.pendingRequests.reduce((sum, r) => sum + r.count, 0);
  return (
    <section aria-label="Members and requests" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      <Tile title="Sign-ups" today={data.signUps.today} week={data.signUps.last7Days} />
      <Tile title="Vault activations" today={data.activations.today} week={data.activations.last7Days} />
      <div className={`${tileClass} col-span-2 sm:col-span-1`}>
        <h2 className="text-sm font-medium text-ink-muted">Requests waiting</h2>
        <p className="text-3xl font-bold tabular-nums text-ink" data-testid="pending-total">
          {formatCount(waiting)}
        </p>
        <p className="text-sm text-ink-subtle">
          {waiting === 0 ? 'Nothing to decide' : 'Members wait on an administrator'}
        </p>
      </div>
    </section>
  );
}

function Tile({ title, today, week }: { title: string; today: number; week: number }) {
  return (
    <section aria-label={title} className={tileClass}>
      <h2 className="text-sm font-medium text-ink-muted">{title}</h2>
      <dl className="flex flex-wrap items-end gap-x-6 gap-y-1">
        <div>
          <dt className="text-xs text-ink-subtle">Today</dt>
          <dd className="text-3xl font-bold tabular-nums text-ink">{formatCount(today)}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink-subtle">Last 7 days</dt>
          <dd className="text-xl font-semibold tabular-nums text-ink">{formatCount(week)}</dd>
        </div>
      </dl>
    </section>
  );
}

type OverviewAsset = Overview['assets'][number];

/** Reserves recorded: the latest figure and the day it was counted, or a dash. */
function ReservesCell({ asset }: { asset: OverviewAsset }) {
  if (asset.reserves === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">None recorded</span>
      </>
    );
  }
  return (
    <>
      <span className="block">{formatAmount(asset.reserves)}</span>
      {asset.reservesAsOf ? (
        <span className="block text-xs text-ink-subtle">as of {formatReserveDay(asset.reservesAsOf)}</span>
      ) : null}
    </>
  );
}

/** Coverage, reserves − liabilities: a shortfall in the danger colour and said in words, not by colour alone. */
function CoverageCell({ coverage }: { coverage: string | null }) {
  if (coverage === null) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No reserves recorded</span>
      </>
    );
  }
  const short = coverage.trim().startsWith('-');
  return (
    <>
      <span className={`block ${short ? 'font-semibold text-danger' : ''}`}>{formatAmount(coverage)}</span>
      <span className={`block text-xs ${short ? 'font-medium text-danger' : 'text-ink-subtle'}`}>
        {short ? '⚠ Shortfall' : 'Covered'}
      </span>
    </>
  );
}

/**
 * Per asset: members' balances, holds, their sum (liabilities) beside treasury issued, the reserves recorded
 * and the coverage, and today's volume. Owners record reserves; every row links to its asset's history.
 */
function Assets({ data }: { data: Overview }) {
  const num = 'text-right tabular-nums whitespace-nowrap';
  const mayRecord = useMay('settings.manage');
  const [history, setHistory] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <Panel
      title="Liabilities per asset"
      note={`What members hold (balances plus holds) beside what the treasury issued and the reserves recorded outside the ledger; coverage is reserves less liabilities. Today began ${formatDateTime(data.dayStart)} (days are UTC).`}
      action={mayRecord ? <RecordReservesDialog onDone={setDone} /> : undefined}
    >
      <div className="mb-3 empty:mb-0">{done ? <StatusLine>{done}</StatusLine> : null}</div>
      {data.assets.length === 0 ? (
        <EmptyState icon="coins" compact>
          No tokens have been issued yet: nothing is owed to members.
        </EmptyState>
      ) : (
        <section
          className={wrap}
          aria-label="Table of liabilities per asset"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways; a keyboard must reach it (WCAG 2.1.1).
          tabIndex={0}
        >
          <table className={table}>
            <caption className="sr-only">
              Liabilities, treasury issued, reserves recorded and coverage per asset
            </caption>
            <thead className={head}>
              <tr>
                <th scope="col" className={`${th} ${stickyCell}`}>
                  Asset
                </th>
                {[
                  "Members' balances",
                  'On hold',
                  'Liabilities',
                  'Treasury issued',
                  'Reserves recorded',
                  'Coverage',
                  "Today's volume",
                ].map((label) => (
                  <th key={label} scope="col" className={`${th} text-right`}>
                    {label}
                  </th>
                ))}
                <th scope="col" className={th}>
                  <span className="sr-only">Reserve history</span>
                </th>
              </tr>
            </thead>
            <tbody className={body}>
              {data.assets.map((a) => (
                <tr key={a.asset}>
                  <th scope="row" className={`${td} ${stickyCell} font-semibold text-ink`}>
                    {a.asset}
                  </th>
                  <td className={`${td} ${num}`}>{formatAmount(a.members)}</td>
                  <td className={`${td} ${num}`}>{formatAmount(a.held)}</td>
                  <td className={`${td} ${num} font-semibold text-ink`}>{formatAmount(a.liabilities)}</td>
                  <td className={`${td} ${num}`}>{formatAmount(a.treasuryIssued)}</td>
                  <td className={`${td} ${num}`}>
                    <ReservesCell asset={a} />
                  </td>
                  <td className={`${td} ${num}`}>
                    <CoverageCell coverage={a.coverage} />
                  </td>
                  <td className={`${td} ${num}`}>{formatAmount(a.volumeToday)}</td>
                  <td className={td}>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Reserve history of ${a.asset}`}
                      onClick={() => setHistory(a.asset)}
                    >
                      History
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {history ? <ReserveHistoryDialog asset={history} onClose={() => setHistory(null)} /> : null}
    </Panel>
  );
}

/** The requests waiting, by kind, each a link to the approvals queue filtered to it. */
function Pending({ data }: { data: Overview }) {
  return (
    <Panel title="Pending requests">
      {data.pendingRequests.length === 0 ? (
        <EmptyState icon="history" compact>
          No request is waiting for an administrator.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line">
          {data.pendingRequests.map((r) => (
            <li key={r.kind}>
              <Link
                to={`/approvals?kind=${encodeURIComponent(r.kind)}`}
                className="-mx-2 flex items-center justify-between gap-3 rounded-lg px-2 py-2.5 text-sm hover:bg-sunken"
              >
                <span className="font-medium text-ink">{kindLabel(r.kind)}</span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold tabular-nums text-ink">{formatCount(r.count)}</span>
                  <span aria-hidden="true" className="text-ink-subtle">
                    →
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Panel({
  title,
  note,
  action,
  children,
}: {
  title: string;
  note?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={`${cardClass} min-w-0`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 className="font-semibold text-ink">{title}</h2>
        {action}
      </div>
      {note ? <p className="mt-1 text-sm text-ink-muted">{note}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}
