import type { ReactNode } from 'react';

/** The navy band that opens each inner page with its single h1. */
export function PageHeader({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-navy-800 text-on-dark">
      <div
        aria-hidden="true"
        className="absolute -right-24 -top-24 size-72 rounded-full bg-primary/10 blur-2xl sm:size-96"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-on-dark">{eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-on-dark-muted">{children}</div>}
      </div>
    </section>
  );
}
