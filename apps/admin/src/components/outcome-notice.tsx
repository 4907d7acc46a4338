/** What an action came to, as a screen reports it: its tone and words. */
export type Outcome = { tone: 'success' | 'info' | 'danger'; text: string };

const TONES: Record<Outcome['tone'], string> = {
  success: 'bg-success-soft text-success ring-success/20',
  info: 'bg-info-soft text-info ring-info/20',
  danger: 'bg-danger-soft text-danger ring-danger/20',
};

/**
 * The last action's outcome above a list (approved, waiting for a second administrator, reversed…) with
 * Dismiss, in a live region screen readers say politely. Nothing shown while `outcome` is null.
 */
export function OutcomeNotice({ outcome, onDismiss }: { outcome: Outcome | null; onDismiss: () => void }) {
  return (
    <div role="status" aria-live="polite">
      {outcome ? (
        <p
          className={`flex flex-wrap items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm ring-1 ${TONES[outcome.tone]}`}
        >
          <span>{outcome.text}</span>
          <button type="button" className="font-semibold underline" onClick={onDismiss}>
            Dismiss
          </button>
        </p>
      ) : null}
    </div>
  );
}
