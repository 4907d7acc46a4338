import type { ReactNode } from 'react';

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
    <div className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>
      {title ? <Heading className="mb-4 font-semibold text-navy-900">{title}</Heading> : null}
      {children}
    </div>
  );
}
