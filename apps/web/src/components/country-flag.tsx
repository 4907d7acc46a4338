/**
 * Country flags (country-flag-icons, 3:2 SVGs): each flag is its own small file, fetched when first shown, so the
 * 250 flags cost the bundle only their URLs. Emoji flags are not used: Windows shows them as two letters.
 */
const FLAG_URLS = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});
const byCode = new Map(
  Object.entries(FLAG_URLS).map(([path, url]) => [path.slice(path.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** The flag of an ISO 3166-1 alpha-2 code, 24 × 16; decorative (the country's name is beside it). */
export function CountryFlag({ code, className = '' }: { code: string; className?: string }) {
  const url = byCode.get(code.toUpperCase());
  return url ? (
    <img
      src={url}
      alt=""
      width={24}
      height={16}
      loading="lazy"
      className={`h-4 w-6 shrink-0 rounded-[2px] object-cover ring-1 ring-line ${className}`}
    />
  ) : (
    <span className={`inline-block h-4 w-6 shrink-0 rounded-[2px] bg-sunken ${className}`} />
  );
}
