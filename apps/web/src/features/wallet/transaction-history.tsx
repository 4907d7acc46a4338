import type { TransactionLog } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { type EmptyAction, EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import { useEffect, useRef } from 'react';
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
  const logs = useLogPages({ coinId: wallet.symbol });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = logs;

  useEffect(() => {
    const el = sentinel.current;
    // After a failed page the list stops loading by itself (it would ask again and again while the end is in
    // view); Load more is the retry.
    if (!el || !hasNextPage || isFetchNextPageError) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const items = logs.data?.pages.flatMap((p) => p.data) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="history-heading" className={cardClass}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="history-heading" className="font-semibold text-ink">
          Transaction History
        </h2>
        {logs.data && total > 0 ? (
          <p className="text-xs text-ink-subtle">
            {items.length} of {total}
          </p>
        ) : null}
      </div>

      {logs.isPending ? (
        <LoadingRows label="Loading transactions…" />
      ) : !logs.data ? (
        <LoadError query={logs} className="py-4" />
      ) : items.length === 0 ? (
        <EmptyState icon="history" action={emptyAction}>
          No transactions in this wallet yet.
        </EmptyState>
      ) : (
        <>
          <ul className={listClass}>
            {items.map((log) => (
              <LogRow key={log._id} log={log} me={me} wallet={wallet} />
            ))}
          </ul>
          <div ref={sentinel} />
          {hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="secondary" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : null}
          {/* A failed later page (or refresh) keeps what is shown and says why. */}
          {logs.isError ? (
            <p role="alert" className="mt-2 text-center text-sm text-danger">
              {errorText(logs.error)}
            </p>
          ) : null}
          {logs.isRefetching && !isFetchingNextPage ? (
            <p className="sr-only" role="status">
              Updating…
            </p>
          ) : null}
        </>
      )}
    </section>
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
