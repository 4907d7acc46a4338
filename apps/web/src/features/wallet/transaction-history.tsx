import type { TransactionLog } from '@vault/contract/schemas/wallet';
import type { EmptyAction } from '@vault/ui/empty-state';
import { LogPagesCard } from '../../components/log-pages';
import { StatusBadge } from '../../components/status-badge';
import { TokenIcon } from '../../components/token-icon';
import { formatDateTime } from '../../lib/date-time';
import { grouped, truncateMemo } from '../../lib/money-format';
import { useLogPages } from './queries';
import { describeLog } from './transaction-history-describe';

type Wallet = { symbol: string; decimals: number; iconUrl: string | null; color: string; displaySymbol: string };

/**
 * The wallet's transaction history (spec 2 §2 token detail), 30 at a time, newest first. The next page
 * loads when the end of the list scrolls into view, or with the Load more button (keyboard, no scrolling).
 */
export function TransactionHistory({
  wallet,
  me,
  emptyAction,
}: {
  wallet: Wallet;
  me: string;
  /** The next step offered while the wallet has no transactions (its first action: Top-Up, Send). */
  emptyAction?: EmptyAction | undefined;
}) {
  return (
    <LogPagesCard
      logs={useLogPages({ coinId: wallet.symbol })}
      heading="Transaction History"
      headingId="history-heading"
      loadingLabel="Loading transactions…"
      empty="No transactions in this wallet yet."
      emptyAction={emptyAction}
      row={(log) => <LogRow key={log._id} log={log} me={me} wallet={wallet} />}
    />
  );
}

function LogRow({ log, me, wallet }: { log: TransactionLog; me: string; wallet: Wallet }) {
  const { title, direction, counterparty, amount } = describeLog(log, me, wallet);
  const deposit = direction === 'deposit';
  const token = log.toToken?.coinSymbol === wallet.symbol ? log.toToken : log.fromToken;
  return (
    <li className="flex items-start gap-3 py-3">
      <TokenIcon
        url={token?.icon.url ?? wallet.iconUrl}
        symbol={token?.coinSymbol ?? wallet.displaySymbol}
        color={wallet.color}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-semibold text-ink">{title}</p>
          <p className={`font-semibold tabular-nums ${deposit ? 'text-success' : 'text-ink'}`}>
            <span className="sr-only">{deposit ? 'In: ' : 'Out: '}</span>
            {deposit ? '+' : '-'}
            {grouped(amount, wallet.decimals)} {wallet.displaySymbol}
          </p>
        </div>
        {counterparty ? <p className="truncate text-sm text-ink-muted">{counterparty}</p> : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
          <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
          <StatusBadge status={log.status} />
          {log.memo ? (
            <span title={log.memo} className="italic">
              <span aria-hidden="true">“{truncateMemo(log.memo)}”</span>
              <span className="sr-only">Memo: {log.memo}</span>
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
