import { Button } from '@vault/ui/button';

/**
 * Previous / "Page n of m" / Next under a paged list (transactions, redeem and subscription history). Shown
 * only when there is more than one page; `busy` marks Next while the next page is on its way.
 */
export function PageNav({
  label,
  page,
  pages,
  onPage,
  disabled = false,
  busy = false,
  className = 'flex items-center justify-between gap-3 pt-1',
}: {
  /** The navigation's accessible name ("Redeem history pages"). */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Both buttons off (a page is loading). */
  disabled?: boolean;
  busy?: boolean;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={className}>
      <Button
        variant="secondary"
        size="sm"
        disabled={page <= 1 || disabled}
        onClick={() => onPage(Math.max(1, page - 1))}
      >
        Previous
      </Button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        Page {page} of {pages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages || disabled}
        busy={busy}
        onClick={() => onPage(Math.min(pages, page + 1))}
      >
        Next
      </Button>
    </nav>
  );
}
