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

/** A document with a download arrow: an attachment of a chat message (web and back office). */
export const FileIcon = () => (
  <LineIcon
    path="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M12 12v6M9.5 15.5 12 18l2.5-2.5"
    className="size-5 shrink-0"
  />
);
