// Only same-origin icons: the app must not load anything from elsewhere (strict CSP, privacy).
const isLocal = (url: string) => url.startsWith('/') && !url.startsWith('//');
const isColor = (c: string) => /^#[0-9a-f]{3,8}$/i.test(c);

/** A wallet's icon, or its symbol on the token's colour when there is no local icon. Decorative: the name is beside it. */
export function TokenIcon({
  url,
  symbol,
  color,
  size = 'size-9',
}: {
  url: string | null;
  symbol: string;
  color: string;
  size?: string;
}) {
  if (url && isLocal(url)) return <img src={url} alt="" className={`${size} shrink-0 rounded-full object-contain`} />;
  return (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-full text-[0.65rem] font-bold text-white`}
      style={{ backgroundColor: isColor(color) ? color : '#0f2a44' }}
    >
      {symbol.slice(0, 4)}
    </span>
  );
}
