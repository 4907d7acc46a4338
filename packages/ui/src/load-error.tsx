import { Button } from './button';
import { errorText } from './error-text';

/** What the card needs of a failed query (TanStack Query's result has all three). */
export type Retryable = { error: unknown; isFetching: boolean; refetch: () => unknown };

/**
 * Something a screen needed could not be loaded: what failed (optional title), the server's message or
 * 'Something went wrong', and Try again, busy while the new request runs. Announced as an alert.
 */
export function LoadError({
  query,
  title,
  centered = false,
  className = '',
}: {
  query: Retryable;
  title?: string;
  /** Centred in the space the content would have taken (a chart), instead of starting at the left. */
  centered?: boolean;
  className?: string;
}) {
  const align = centered ? 'items-center justify-center text-center' : 'items-start';
  return (
    <div role="alert" className={`flex flex-col gap-3 ${align} ${className}`}>
      {title ? <p className="font-semibold text-ink">{title}</p> : null}
      <p className="text-sm text-ink-muted">{errorText(query.error)}</p>
      <Button variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A later request for something already shown failed (a refresh, a live update): what is shown stays, and
 * this line above it says that it may be out of date, with Try again.
 */
export function RefreshError({ query, what, className = '' }: { query: Retryable; what: string; className?: string }) {
  return (
    <div
      role="alert"
      className={`flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-warning-soft px-4 py-3 text-sm text-warning ring-1 ring-warning/20 ${className}`}
    >
      <p>
        {what} could not be updated: {errorText(query.error).replace(/\.$/, '')}. What you see was loaded earlier.
      </p>
      <Button variant="secondary" size="sm" busy={query.isFetching} onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
