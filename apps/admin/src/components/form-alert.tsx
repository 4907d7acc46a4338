import type { ReactNode } from 'react';

/**
 * A form's refusal (wrong code, link expired, too many tries) in words, where the form is: an alert, so a
 * screen reader says it as it appears. Empty: nothing is rendered but the live region stays.
 */
export function FormAlert({ children, id }: { children?: ReactNode; id?: string }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {children ? (
        <p className="rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger ring-1 ring-danger/20">{children}</p>
      ) : null}
    </div>
  );
}

/** A success or progress line, said politely by screen readers. */
export function StatusLine({ children }: { children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {children ? (
        <p className="rounded-xl bg-success-soft px-4 py-3 text-sm text-success ring-1 ring-success/20">{children}</p>
      ) : null}
    </div>
  );
}
