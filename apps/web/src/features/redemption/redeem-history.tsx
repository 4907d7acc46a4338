import { REDEEM_CREDIT_TIME, type Redemption } from '@vault/contract/schemas/redemption';
import { cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError, RefreshError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass, tableClasses } from '@vault/ui/table';
import { useId, useState } from 'react';
import { PageNav } from '../../components/page-nav';
import { StatusBadge } from '../../components/status-badge';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, usd } from '../../lib/money-format';
import { useRedemptionHistory } from './queries';
import { cutReason, HISTORY_PAGE_SIZE, isCut } from './redeem-options';

const { wrap, table, head, th, body, td } = tableClasses();

const METHOD_TEXT: Record<Redemption['method'], string> = { crypto: 'COINQVEST', directWire: 'Direct wire' };

/**
 * The member's redeem history (spec 2 §2 Redeem, §3 Redeem history row; GET /coinqvest/withdrawal/user):
 * source asset and token, status (completed reads Approved), rejection reason cut at 40 characters with the
 * whole text a click away, amount, date and where it is paid. Pending requests say when the credit is
 * expected (10-15 working days). A table from sm, a list on phones; paged.
 */
export function RedeemHistory() {
  const [page, setPage] = useState(1);
  const history = useRedemptionHistory(page);
  const headingId = useId();
  const rows = history.data?.data ?? [];
  const total = history.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));

  return (
    <section aria-labelledby={headingId} className={`${cardSurface} space-y-4 p-5 sm:p-6`}>
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          Redeem history
        </h2>
        <p className="text-sm text-ink-muted">
          Your redeem requests and their decisions. The tokens of a pending request are on hold until it is decided.
        </p>
      </div>
      {history.isPending ? (
        <LoadingRows label="Loading your redeem history…" />
      ) : !history.data ? (
        <LoadError query={history} title="Your redeem history could not be loaded" className="py-2" />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState icon="history">
          No redeem requests yet. The requests you make appear here with their status.
        </EmptyState>
      ) : (
        <>
          {history.isError ? <RefreshError query={history} what="Your redeem history" /> : null}
          <ul className={`${listClass} sm:hidden`} aria-label="Redeem requests">
            {rows.map((row) => (
              <HistoryItem key={row._id} row={row} />
            ))}
          </ul>
          <div className={`${wrap} hidden sm:block`}>
            <table className={table}>
              <caption className="sr-only">Redeem requests</caption>
              <thead className={head}>
                <tr>
                  <th scope="col" className={th}>
                    Token
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={th}>
                    Date
                  </th>
                  <th scope="col" className={th}>
                    Paid to
                  </th>
                </tr>
              </thead>
              <tbody className={body}>
                {rows.map((row) => (
                  <HistoryRow key={row._id} row={row} />
                ))}
              </tbody>
            </table>
          </div>
          <PageNav
            label="Redeem history pages"
            page={page}
            pages={pages}
            onPage={setPage}
            disabled={history.isFetching}
          />
        </>
      )}
    </section>
  );
}

function Amount({ row }: { row: Redemption }) {
  return (
    <>
      {grouped(row.amount, row.token.decimals)} {row.sourceAsset}
    </>
  );
}

/** What a pending request adds: when the credit is expected (spec 2 §4, §9). */
function ExpectedCredit({ row }: { row: Redemption }) {
  if (row.status !== 'pending') return null;
  return <span className="block text-xs text-ink-muted">Expected credit: {REDEEM_CREDIT_TIME}</span>;
}

function HistoryItem({ row }: { row: Redemption }) {
  return (
    <li className="flex items-start gap-3 py-3" data-testid="redemption-item">
      <TokenIcon url={row.token.icon.url} symbol={row.token.coinSymbol} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="min-w-0 truncate font-semibold text-ink">{row.token.name}</p>
          <p className="shrink-0 text-right font-semibold tabular-nums text-ink">
            <Amount row={row} />
            <span className="block text-xs font-normal text-ink-subtle">{usd(row.usdValue)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
          <StatusBadge status={row.status} redemption />
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        </div>
        <ExpectedCredit row={row} />
        <p className="break-words text-xs text-ink-muted">
          {METHOD_TEXT[row.method]}
          {row.targetNetwork ? ` · ${row.targetNetwork}` : ''}
          {row.streetAddress ? ` · ${row.streetAddress}` : ''}
        </p>
        {row.rejectionReason ? <RejectionReason reason={row.rejectionReason} /> : null}
      </div>
    </li>
  );
}

function HistoryRow({ row }: { row: Redemption }) {
  return (
    <tr data-testid="redemption-row">
      <td className={td}>
        <span className="flex items-center gap-2">
          <TokenIcon url={row.token.icon.url} symbol={row.token.coinSymbol} size="size-7 text-2xs" />
          <span className="text-ink">
            {row.token.name}
            <span className="block text-xs text-ink-subtle">{row.sourceAsset}</span>
          </span>
        </span>
      </td>
      <td className={`${td} max-w-64`}>
        <StatusBadge status={row.status} redemption />
        <ExpectedCredit row={row} />
        {row.rejectionReason ? <RejectionReason reason={row.rejectionReason} /> : null}
      </td>
      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
        <span className="font-semibold text-ink">
          <Amount row={row} />
        </span>
        <span className="block text-xs text-ink-subtle">{usd(row.usdValue)}</span>
      </td>
      <td className={`${td} text-xs text-ink-muted`}>
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
      </td>
      <td className={`${td} max-w-56 break-words text-xs text-ink-muted`}>
        <span className="block font-medium text-ink">
          {METHOD_TEXT[row.method]}
          {row.targetNetwork ? ` · ${row.targetNetwork}` : ''}
        </span>
        {row.streetAddress || '—'}
      </td>
    </tr>
  );
}

/**
 * A rejection reason, cut at 40 characters (spec 2 §9); a longer one has a Show more button that reveals
 * the whole text in place (a disclosure: aria-expanded, aria-controls), and Show less to cut it again.
 */
export function RejectionReason({ reason }: { reason: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = isCut(reason);
  return (
    <span className="mt-1 block text-xs text-danger">
      <span id={id}>Reason: {open || !long ? reason : cutReason(reason)}</span>
      {long ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((v) => !v)}
          className="ml-1 rounded-sm font-semibold text-ink underline underline-offset-2 hover:text-primary focus-visible:outline-2 focus-visible:outline-focus"
        >
          {open ? 'Show less' : 'Show more'}
          <span className="sr-only"> of the rejection reason</span>
        </button>
      ) : null}
    </span>
  );
}
