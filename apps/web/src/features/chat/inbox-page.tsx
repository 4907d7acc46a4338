import type { ChatRoom } from '@vault/contract/schemas/chat';
import { cardSurface } from '@vault/ui/card';
import { EmptyState } from '@vault/ui/empty-state';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useMemberSocket } from '../../lib/socket';
import { ChatFrame } from './chat-frame';
import { useChatRooms } from './chat-queries';
import { chatErrorText } from './chat-text';
import { Conversation } from './conversation';
import { ConversationHeader } from './conversation-header';
import { MemberSearch } from './member-search';
import { otherMember } from './message-cache';
import { RoomActions } from './room-actions';
import { RoomList } from './room-list';
import { useChatLive } from './use-chat-live';
import { useConnection } from './use-connection';

/**
 * /inbox, CQR Connect (spec 1 §2, spec 2 §2): the member's conversations with other members beside the open
 * one; on a phone one pane at a time. The open room is in the address (?room=), so Back and a reload keep it.
 */
export function InboxPage() {
  const me = useSession().info?.user._id ?? '';
  const socket = useMemberSocket();
  const online = useConnection(socket);
  const rooms = useChatRooms();
  const [params, setParams] = useSearchParams();
  const selected = params.get('room') ?? undefined;
  const listHeading = useRef<HTMLHeadingElement>(null);
  useChatLive(socket, me, selected);

  const select = useCallback((roomId: string) => setParams({ room: roomId }), [setParams]);
  const back = useCallback(() => {
    setParams({});
    // The list comes back on a phone: the focus goes to it, not to the top of the page.
    requestAnimationFrame(() => listHeading.current?.focus());
  }, [setParams]);

  const room = selected ? rooms.data?.find((r) => r._id === selected) : undefined;

  return (
    <ChatFrame title="CQR Connect" intro="Chat in real time with other members of the vault." online={online}>
      <div
        className={`${cardSurface} grid h-full min-h-0 grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[20rem_minmax(0,1fr)]`}
      >
        <div className={`${selected ? 'hidden md:flex' : 'flex'} min-h-0 min-w-0 flex-col md:border-r md:border-line`}>
          <h2 ref={listHeading} tabIndex={-1} className="sr-only">
            Conversations
          </h2>
          <MemberSearch onOpen={select} />
          <div className="min-h-0 flex-1 overflow-y-auto">
            {rooms.isPending ? (
              <div className="px-4">
                <LoadingRows label="Loading conversations…" />
              </div>
            ) : rooms.isError ? (
              <LoadError
                className="p-4"
                query={{
                  error: new Error(chatErrorText(rooms.error, 'list')),
                  isFetching: rooms.isFetching,
                  refetch: rooms.refetch,
                }}
              />
            ) : rooms.data.length === 0 ? (
              <EmptyState icon="send" className="px-4">
                No conversations yet. Search for a member above to start one.
              </EmptyState>
            ) : (
              <RoomList rooms={rooms.data} me={me} selected={selected} onSelect={select} />
            )}
          </div>
        </div>
        <div className={`${selected ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-col`}>
          {!selected ? (
            <div className="grid h-full place-items-center p-6">
              <EmptyState icon="send">Choose a conversation, or search for a member to write to.</EmptyState>
            </div>
          ) : room ? (
            <DirectConversation key={room._id} room={room} me={me} onBack={back} />
          ) : rooms.isPending ? null : (
            <div className="grid h-full place-items-center p-6">
              <EmptyState icon="send" action={{ label: 'Back to conversations', onClick: back }}>
                This conversation is not available.
              </EmptyState>
            </div>
          )}
        </div>
      </div>
    </ChatFrame>
  );
}

/** A conversation with another member: their name, presence, the room's actions and its read-only state. */
function DirectConversation({ room, me, onBack }: { room: ChatRoom; me: string; onBack: () => void }) {
  const socket = useMemberSocket();
  const other = otherMember(room, me);
  const name = other?.name || 'Former member';
  const authorOf = useCallback((userId: string) => (userId === me ? 'You' : name), [me, name]);
  const status = room.blockedByMe
    ? 'Blocked by you'
    : room.readOnly
      ? 'Read-only'
      : other?.onlineStatus
        ? 'Online'
        : 'Offline';
  return (
    <Conversation
      room={room}
      me={me}
      socket={socket}
      authorOf={authorOf}
      header={
        <ConversationHeader
          name={name}
          picture={other?.profilePicture ?? null}
          online={room.readOnly ? undefined : other?.onlineStatus}
          status={status}
          onBack={onBack}
          actions={<RoomActions room={room} otherId={other?._id} otherName={name} onDeleted={onBack} />}
        />
      }
      readOnlyNote={room.blockedByMe ? `You blocked ${name}. Unblock them to write to each other again.` : undefined}
    />
  );
}
