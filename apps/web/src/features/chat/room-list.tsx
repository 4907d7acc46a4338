import type { ChatRoom } from '@vault/contract/schemas/chat';
import { listTimeLabel, previewOf } from './chat-text';
import { MemberAvatar } from './member-avatar';
import { otherMember } from './message-cache';

/**
 * The inbox's rooms (spec 2 §2 /inbox): the other member's picture and name, whether they are online, the
 * last message's first 25 characters, its time and the unread count. Each row opens its conversation.
 */
export function RoomList({
  rooms,
  me,
  selected,
  onSelect,
}: {
  rooms: ChatRoom[];
  me: string;
  selected: string | undefined;
  onSelect: (roomId: string) => void;
}) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-line">
      {rooms.map((room) => {
        const other = otherMember(room, me);
        const name = other?.name || 'Former member';
        const current = room._id === selected;
        return (
          <li key={room._id}>
            <button
              type="button"
              onClick={() => onSelect(room._id)}
              aria-current={current ? 'true' : undefined}
              data-testid="chat-room-row"
              className={`flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-sunken focus-visible:bg-sunken focus-visible:outline-none ${current ? 'bg-primary-soft' : ''}`}
            >
              {/* A read-only room shows no presence: a blocked or departed member is nobody to wait for. */}
              <MemberAvatar
                name={name}
                picture={other?.profilePicture ?? null}
                online={room.readOnly ? undefined : other?.onlineStatus}
              />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-semibold text-ink">{name}</span>
                  {room.recentMessage ? (
                    <time dateTime={room.recentMessage.createdAt} className="shrink-0 text-xs text-ink-subtle">
                      {listTimeLabel(room.recentMessage.createdAt)}
                    </time>
                  ) : null}
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span
                    data-testid="chat-room-preview"
                    className={`min-w-0 flex-1 truncate text-sm ${room.unread > 0 ? 'font-medium text-ink' : 'text-ink-muted'}`}
                  >
                    {previewOf(room.recentMessage)}
                  </span>
                  {room.unread > 0 ? (
                    <span
                      data-testid="chat-unread"
                      className="grid min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary"
                    >
                      {room.unread > 99 ? '99+' : room.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="sr-only">
                  {room.readOnly ? ', read-only' : other?.onlineStatus ? ', online' : ', offline'}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
