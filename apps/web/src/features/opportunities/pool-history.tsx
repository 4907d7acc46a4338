import { logDirection, logTitle, type TransactionLog } from '@vault/contract/schemas/wallet';
import { LogPagesCard } from '../../components/log-pages';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/date-time';
import { units } from './format';
import { usePoolHistory } from './queries';

/**
 * The Opportunity Ledger (spec 2 §2): the member's transactions in one pool's units
 * (transaction-log/user/logs?nftTokenId), 30 at a time, newest first; the next page loads as the end of the
 * list comes into view, or with Load more. It is the pool page's token history, so the ledger of a pool is
 * always one address: /silent-wave?pool=<id>.
 */
export function PoolHistory({ poolId, me }: { poolId: string; me: string }) {
  return (
    <LogPagesCard
      logs={usePoolHistory(poolId)}
      heading="Opportunity Ledger"
      headingId="pool-history-heading"
      listLabel="Transactions in this opportunity"
      loadingLabel="Loading the transactions…"
      empty="No transactions in this opportunity yet."
      row={(log) => <LogRow key={log._id} log={log} me={me} />}
    />
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
