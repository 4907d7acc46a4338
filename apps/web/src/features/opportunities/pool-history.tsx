import { logDirection, logTitle, type TransactionLog } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/date-time';
import { useLoadMore } from '../../lib/use-load-more';
import { units } from './format';
import { usePoolHistory } from './queries';

/**
 * The Opportunity Ledger (spec 2 §2): the member's transactions in one pool's units
 * (transaction-log/user/logs?nftTokenId), 30 at a time, newest first; the next page loads as the end of the
 * list comes into view, or with Load more. It is the pool page's token history, so the ledger of a pool is
 * always one address: /silent-wave?pool=<id>.
 */
export function PoolHistory({ poolId, me }: { poolId: string; me: string }) {
  const logs = usePoolHistory(poolId);
  const sentinel = useLoadMore(logs);
  const items = logs.data?.pages.flatMap((p) => p.data) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="pool-history-heading" className={cardClass}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="pool-history-heading" className="font-semibold text-ink">
          Opportunity Ledger
        </h2>
        {logs.data && total > 0 ? (
          <p className="text-xs text-ink-subtle">
            {items.length} of {total}
          </p>
        ) : null}
      </div>
      {logs.isPending ? (
        <LoadingRows label="Loading the transactions…" />
      ) : !logs.data ? (
        <LoadError query={logs} className="py-4" />
      ) : items.length === 0 ? (
        <EmptyState icon="history">No transactions in this opportunity yet.</EmptyState>
      ) : (
        <>
          <ul className={listClass} aria-label="Transactions in this opportunity">
            {items.map((log) => (
              <LogRow key={log._id} log={log} me={me} />
            ))}
          </ul>
          <div ref={sentinel} />
          {logs.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" busy={logs.isFetchingNextPage} onClick={() => void logs.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
          {logs.isError ? (
            <p role="alert" className="mt-2 text-center text-sm text-danger">
              {errorText(logs.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A pool's units are 'units'; what was paid for them is named by its coin (Q). */
const unitName = (coin: string) => (coin.startsWith('nft:') || coin === '' ? 'units' : coin);

function LogRow({ log, me }: { log: TransactionLog; me: string }) {
  const iAmSender = log.fromUser?._id === me;
  const deposit = logDirection(log.type, iAmSender) === 'deposit';
  const counterparty = iAmSender ? (log.toUser?.email ?? log.to) : (log.fromUser?.email ?? log.from);
  return (
    <li className="flex flex-col gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-ink">{logTitle(log.type, iAmSender)}</p>
        <p className={`font-semibold tabular-nums ${deposit ? 'text-success' : 'text-ink'}`}>
          <span className="sr-only">{deposit ? 'In: ' : 'Out: '}</span>
          {deposit ? '+' : '-'}
          {units(log.amount)} {unitName(log.coin)}
        </p>
      </div>
      {counterparty ? <p className="truncate text-sm text-ink-muted">{counterparty}</p> : null}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
        <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
        <StatusBadge status={log.status} />
      </div>
    </li>
  );
}
