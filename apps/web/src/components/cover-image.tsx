import { useState } from 'react';
import { isSameOrigin } from './token-icon';

/**
 * The picture of an opportunity pool or a listed token, in a box of the caller's size; when there is no
 * same-origin picture (the site loads nothing from elsewhere) or it fails to load, the name's first letters
 * on navy. Decorative: the name is always written beside it.
 */
export function CoverImage({
  url,
  name,
  className = 'size-16',
}: {
  url: string | null;
  name: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (url && broken !== url && isSameOrigin(url)) {
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setBroken(url)}
        className={`${className} shrink-0 rounded-xl bg-sunken object-cover`}
      />
    );
  }
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-xl bg-navy-800 font-bold text-on-dark`}
    >
      {initials}
    </span>
  );
}
