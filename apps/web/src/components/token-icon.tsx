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

const isColor = (c: string | undefined): c is string => c !== undefined && /^#[0-9a-f]{3,8}$/i.test(c);

/**
 * A token's icon, or its symbol on the token's colour when there is no same-origin icon or it fails to
 * load. Decorative: the token's name is always beside it.
 */
export function TokenIcon({
  url,
  symbol,
  color,
  size = 'size-9 text-[0.65rem]',
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
        onError={() => setBroken(url)}
        className={`${size} shrink-0 rounded-full bg-white object-contain`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full font-bold text-white`}
      style={{ backgroundColor: isColor(color) ? color : '#0f2a44' }}
    >
      {symbol.slice(0, 4)}
    </span>
  );
}
