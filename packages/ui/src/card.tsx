import type { ReactNode } from 'react';

/** The card surface: white, rounded, a hairline and a soft shadow, without padding. */
export const cardSurface = 'rounded-2xl bg-surface shadow-sm ring-1 ring-line';
/** A card's look for panels that are not a Card (a form, a section with its own heading). */
export const cardClass = `${cardSurface} p-5 sm:p-6`;

/** A white panel; `title` becomes its heading at the given level. */
export function Card({
  title,
  level = 3,
  children,
  className = '',
}: {
  title?: string;
  level?: 2 | 3;
  children: ReactNode;
  className?: string;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`${cardClass} ${className}`}>
      {title ? <Heading className="mb-4 font-semibold text-ink">{title}</Heading> : null}
      {children}
    </div>
  );
}
