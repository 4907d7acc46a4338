import { useState } from 'react';

/** A path of this site (the only images the contract takes for a pool: img-src 'self'). */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * A pool's image as members see it on its card, cropped to a square thumbnail; the name's first letter when
 * it is missing or fails to load. Decorative: the name is always beside it.
 */
export function PoolImage({ url, name, size = 'size-11' }: { url: string; name: string; size?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center overflow-hidden rounded-lg bg-sunken ring-1 ring-line ${size}`}
    >
      {url && broken !== url && isOwnPath(url) ? (
        <img src={url} alt="" className="size-full object-cover" onError={() => setBroken(url)} />
      ) : (
        <span className="text-sm font-bold text-ink-muted">{name.trim().charAt(0).toUpperCase() || '?'}</span>
      )}
    </span>
  );
}
