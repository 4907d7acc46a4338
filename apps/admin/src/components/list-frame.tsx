import { LoadError, type Retryable } from '@vault/ui/load-error';
import type { ReactNode } from 'react';

/** What the frame needs of the list's query (TanStack Query's result has it all). */
export type ListQuery = Retryable & { data: unknown; isPending: boolean; isError: boolean; isPlaceholderData: boolean };

/**
 * A list screen's body: a line for screen readers (`loading` while the first answer is awaited, then
 * "Updating the list…"), then the load error while nothing is shown yet (`errorTitle`, Try again), or the
 * list itself, faded while the previous answer stands in for the next.
 */
export function ListFrame({
  query,
  loading,
  errorTitle,
  children,
}: {
  query: ListQuery;
  loading: string;
  errorTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      <p role="status" className="sr-only">
        {query.isPending ? loading : query.isFetching ? 'Updating the list…' : ''}
      </p>
      {query.isError && !query.data ? (
        <LoadError query={query} title={errorTitle} className="py-6" />
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
      )}
    </>
  );
}
