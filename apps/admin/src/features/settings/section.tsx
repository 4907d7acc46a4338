import { cardClass } from '@vault/ui/card';
import type { ReactNode } from 'react';

/** One section of the Settings screen: a titled card with what it is for. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} space-y-4`} data-testid={`section-${id}`}>
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="max-w-2xl text-sm text-ink-muted">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** The server's field messages (`fields`, dotted paths) onto the form's fields. */
export function applyFieldErrors(
  fields: Record<string, string> | undefined,
  setError: (name: never, error: { message: string }) => void,
) {
  for (const [name, message] of Object.entries(fields ?? {})) setError(name as never, { message });
}
