/** A 24×24 line icon from one SVG path, drawn inline so nothing is fetched; decorative (its label is beside it). */
export function LineIcon({ path, className = 'size-5' }: { path: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
