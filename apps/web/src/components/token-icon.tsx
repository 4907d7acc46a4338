import { useState } from 'react';

/**
 * Whether a URL is this site's own: the app loads nothing from elsewhere (strict CSP, privacy), so an icon
 * from another origin, a data: or javascript: URL is not shown.
 */
export function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** A colour the server gave (a token's hex) or one of our tokens (`var(--color-…)`, the portfolio categories). */
export const isColor = (c: string | undefined): c is string =>
  c !== undefined && (/^#[0-9a-f]{3,8}$/i.test(c) || /^var\(--color-[a-z0-9-]+\)$/.test(c));

/**
 * A token's icon, or its symbol on the token's colour when there is no same-origin icon or it fails to
 * load. Decorative: the token's name is always beside it.
 */
export function TokenIcon({
  url,
  symbol,
  color,
  size = 'size-9 text-2xs',
}: {
  url: string | null | undefined;
  symbol: string;
  color?: string | undefined;
  /** Size classes, with the badge's text size. */
  size?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (url && broken !== url && isSameOrigin(url)) {
    return (
      <img
        src={url}
        alt=""
        // Token pictures sit in lists and carousels, mostly below the fold: fetched as they come into view.
        loading="lazy"
        decoding="async"
        onError={() => setBroken(url)}
        className={`${size} shrink-0 rounded-full bg-surface object-contain`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}
      style={{ backgroundColor: isColor(color) ? color : 'var(--color-navy-800)' }}
    >
      {symbol.slice(0, 4)}
    </span>
  );
}
