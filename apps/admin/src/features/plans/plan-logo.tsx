import { useState } from 'react';

/** A path of this site (the only logos the contract takes: img-src 'self'). */
export const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * A plan's logo as members see it on its card; the title's first letter when it is missing or fails to
 * load. Decorative: the title is always beside it.
 */
export function PlanLogo({ url, title, size = 'size-9' }: { url: string; title: string; size?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-sunken ring-1 ring-line ${size}`}
    >
      {url && broken !== url && isOwnPath(url) ? (
        <img src={url} alt="" className="size-full object-contain" onError={() => setBroken(url)} />
      ) : (
        <span className="text-sm font-bold text-ink-muted">{title.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
