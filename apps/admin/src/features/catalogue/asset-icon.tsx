import { useState } from 'react';

/** Whether a colour is the `#rrggbb` the catalogue stores (anything else is not drawn). */
export const isHexColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/** A path of this site (the catalogue's icons always are; anything else is not shown). */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * A token's or coin's icon on its colour, as members see it; its symbol on the colour when the icon is
 * missing or fails to load. Decorative: the name is always beside it.
 */
export function AssetIcon({
  url,
  color,
  symbol,
  size = 'size-8',
}: {
  url: string;
  color: string;
  symbol: string;
  size?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const background = isHexColour(color) ? color : undefined;
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center overflow-hidden rounded-full bg-sunken ring-1 ring-line ${size}`}
      style={background ? { backgroundColor: background } : undefined}
    >
      {url && broken !== url && isOwnPath(url) ? (
        <img src={url} alt="" className="size-full object-contain" onError={() => setBroken(url)} />
      ) : (
        <span className="rounded-sm bg-surface/80 px-0.5 text-2xs font-bold text-ink">{symbol.slice(0, 4)}</span>
      )}
    </span>
  );
}

/** A colour sample beside its hex value. */
export function Swatch({ color }: { color: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block size-4 shrink-0 rounded-sm ring-1 ring-line-strong"
        style={isHexColour(color) ? { backgroundColor: color } : undefined}
      />
      <span className="font-mono text-xs text-ink-muted">{color}</span>
    </span>
  );
}
