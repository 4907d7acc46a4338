/** Placeholder rows (icon, text, amount) pulsing while a list loads; the caller announces the loading. */
export function SkeletonRows({ count = 3 }: { count?: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
    <div key={i} className="flex animate-pulse items-center gap-3">
      <div className="size-9 rounded-full bg-line" />
      <div className="h-4 flex-1 rounded-sm bg-sunken" />
      <div className="h-4 w-24 rounded-sm bg-sunken" />
    </div>
  ));
}

/** A list loading: the placeholder rows, and `label` said to screen readers ("Loading transactions…"). */
export function LoadingRows({ label, count }: { label: string; count?: number }) {
  return (
    <div aria-busy="true" className="space-y-3 py-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      <SkeletonRows count={count} />
    </div>
  );
}
