import { cardClass } from '@vault/ui/card';
import { LogoMark } from '@vault/ui/logo';
import type { ReactNode } from 'react';

/** The signed-out pages (sign in, enrolment): the mark, the page's title and one card, centred on navy. */
export function AuthFrame({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-navy-900 px-4 py-8 sm:py-14">
      <main className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <p className="mb-6 flex items-center justify-center gap-2 text-on-dark">
          <LogoMark className="size-8" />
          <span className="text-xl font-bold tracking-tight">Vault</span>
          <span className="text-sm text-on-dark-muted">Back office</span>
        </p>
        <div className={cardClass}>
          <h1 className="mb-5 text-2xl font-semibold text-ink">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
