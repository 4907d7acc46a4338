import type { ReactNode, Ref } from 'react';
import { MemberAvatar } from './member-avatar';

/**
 * The bar over a conversation: on a phone a way back to the list first (the list and the conversation are
 * separate panes there), then who it is with and whether they are online, then the room's actions.
 */
export function ConversationHeader({
  name,
  picture,
  online,
  status,
  onBack,
  backRef,
  actions,
}: {
  name: string;
  picture: string | null;
  online?: boolean | undefined;
  /** The line under the name: online, offline, read-only, or what the room is for. */
  status: string;
  onBack?: (() => void) | undefined;
  backRef?: Ref<HTMLButtonElement> | undefined;
  actions?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 border-b border-line bg-surface px-3 py-3 sm:px-4">
      {onBack ? (
        <button
          ref={backRef}
          type="button"
          onClick={onBack}
          className="grid size-9 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-sunken hover:text-ink md:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only">Back to conversations</span>
        </button>
      ) : null}
      <MemberAvatar name={name} picture={picture} online={online} size="sm" />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-ink">{name}</h2>
        <p data-testid="chat-status" className="truncate text-xs text-ink-muted">
          {status}
        </p>
      </div>
      {actions}
    </div>
  );
}
