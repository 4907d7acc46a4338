import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TransactionLog } from '@vault/contract/schemas/wallet';
import { Button } from '@vault/ui/button';
import { cardClass } from '@vault/ui/card';
import { type EmptyAction, EmptyState } from '@vault/ui/empty-state';
import { errorText } from '@vault/ui/error-text';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { listClass } from '@vault/ui/table';
import type { ReactNode } from 'react';
import { useLoadMore } from '../lib/use-load-more';

type LogPages = UseInfiniteQueryResult<InfiniteData<{ data: TransactionLog[]; total: number }>>;

/**
 * A card of transaction-log pages (a token's history, a pool's Opportunity Ledger): 30 at a time, newest
 * first; the next page loads as the end of the list comes into view, or with Load more (keyboard, no
 * scrolling). A failed later page keeps what is shown and says why; a refresh is announced politely.
 */
export function LogPagesCard({
  logs,
  heading,
  headingId,
  listLabel,
  loadingLabel,
  empty,
  emptyAction,
  row,
}: {
  logs: LogPages;
  heading: string;
  headingId: string;
  listLabel?: string;
  loadingLabel: string;
  empty: ReactNode;
  emptyAction?: EmptyAction | undefined;
  row: (log: TransactionLog) => ReactNode;
}) {
  const sentinel = useLoadMore(logs);
  const items = logs.data?.pages.flatMap((p) => p.data) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="font-semibold text-ink">
          {heading}
        </h2>
        {logs.data && total > 0 ? (
          <p className="text-xs text-ink-subtle">
            {items.length} of {total}
          </p>
        ) : null}
      </div>
      {logs.isPending ? (
        <LoadingRows label={loadingLabel} />
      ) : !logs.data ? (
        <LoadError query={logs} className="py-4" />
      ) : items.length === 0 ? (
        <EmptyState icon="history" action={emptyAction}>
          {empty}
        </EmptyState>
      ) : (
        <>
          <ul className={listClass} aria-label={listLabel}>
            {items.map(row)}
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
          {logs.isRefetching && !logs.isFetchingNextPage ? (
            <p className="sr-only" role="status">
              Updating…
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
