import type { SupportRoom } from '@vault/contract/schemas/chat';
import { Button } from '@vault/ui/button';
import { cardSurface } from '@vault/ui/card';
import { LoadError } from '@vault/ui/load-error';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MessageList } from './message-list';
import { useAssign, useSupportMember } from './queries';
import { ReplyBox } from './reply-box';

/**
 * One support conversation: who it is with and who has it ("Assign to me", or take it over from another
 * administrator), the messages, and the reply box. `room` is the inbox's line for it when the inbox has shown
 * it (an address opened directly has none until then: the member's profile names them meanwhile). Keyed by
 * room: another conversation starts afresh.
 */
export function Conversation({
  roomId,
  room,
  meId,
  live,
  backHref,
}: {
  roomId: string;
  room: SupportRoom | null;
  meId: string | undefined;
  live: boolean;
  backHref: string;
}) {
  const member = useSupportMember(roomId);
  const assign = useAssign(roomId);
  const heading = useRef<HTMLHeadingElement>(null);
  const profile = member.data?.data;
  const who = room?.member ?? profile;
  const name = who ? who.name || who.email : 'the member';
  const assignedTo = assign.isSuccess ? meId : room?.assignedTo;

  // Opening a conversation takes the reader to it (on a phone the list it came from is gone).
  useEffect(() => {
    if (roomId) heading.current?.focus({ preventScroll: true });
  }, [roomId]);

  return (
    <section
      aria-labelledby="support-conversation-title"
      className={`${cardSurface} flex h-[70dvh] min-h-[26rem] flex-col overflow-hidden lg:h-[calc(100dvh-12rem)]`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-line px-3 py-3 sm:px-4">
        <Link to={backHref} className="w-full rounded-sm text-sm font-medium text-ink-muted hover:text-ink lg:hidden">
          <span aria-hidden="true">← </span>Conversations
        </Link>
        <div className="min-w-0 flex-1">
          <h2
            id="support-conversation-title"
            ref={heading}
            tabIndex={-1}
            className="truncate font-semibold text-ink focus:outline-none"
          >
            {who ? `Conversation with ${name}` : 'Conversation'}
          </h2>
          <p className="text-xs text-ink-subtle">
            {assignedTo === undefined
              ? ''
              : assignedTo === null
                ? 'Nobody has taken this conversation'
                : assignedTo === meId
                  ? 'Assigned to you'
                  : 'Another administrator has taken this conversation'}
          </p>
        </div>
        {assignedTo !== meId ? (
          <Button size="sm" variant="secondary" busy={assign.isPending} onClick={() => assign.mutate()}>
            {assignedTo ? 'Take over' : 'Assign to me'}
          </Button>
        ) : null}
      </div>
      {assign.isError ? (
        <p role="alert" className="bg-danger-soft px-4 py-2 text-sm text-danger">
          {assign.error.message}
        </p>
      ) : null}
      {/* Seen in the heading's line ("Assigned to you"); said to screen readers in the server's words. */}
      <p role="status" className="sr-only">
        {assign.isSuccess ? assign.data.message : ''}
      </p>
      {who ? (
        <>
          <MessageList roomId={roomId} live={live} memberId={who._id} memberName={name} meId={meId} />
          <ReplyBox
            roomId={roomId}
            memberName={name}
            disabled={profile?.isBlocked ? 'This member is blocked: the conversation is read-only.' : undefined}
          />
        </>
      ) : member.isError ? (
        <LoadError query={member} title="The conversation could not be loaded" className="p-4" />
      ) : (
        <p role="status" className="p-4 text-sm text-ink-muted">
          Loading the conversation…
        </p>
      )}
    </section>
  );
}
