import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@vault/contract/messages';
import { CHAT_JOIN_ROOM, type ChatAck } from '@vault/contract/realtime';
import type { ChatRoom } from '@vault/contract/schemas/chat';
import { LoadError } from '@vault/ui/load-error';
import { LoadingRows } from '@vault/ui/skeleton-rows';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { loadOlder, useRoomMessages } from './chat-queries';
import { chatErrorText, spokenMessage } from './chat-text';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useSend } from './use-send';

/**
 * A conversation (spec 2 §2 Chat): its header (given by the screen), the messages and the composer, or a note
 * when the room is read-only. Opening it follows the room on the socket (join-room, again after a reconnect)
 * and puts the focus in the message field; messages of others that arrive are read out once.
 */
export function Conversation({
  room,
  me,
  socket,
  header,
  authorOf,
  readOnlyNote,
}: {
  room: ChatRoom;
  me: string;
  socket: Socket | null;
  header: ReactNode;
  authorOf: (userId: string) => string;
  /** What stands instead of the composer in a read-only room (and the way out, when there is one). */
  readOnlyNote?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const query = useRoomMessages(room._id);
  const send = useSend(room, me, socket);
  const field = useRef<HTMLTextAreaElement>(null);
  const [spoken, setSpoken] = useState('');
  const lastSeen = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!socket) return;
    const join = () => {
      socket.emit(CHAT_JOIN_ROOM, { chatRoom: room._id }, (_ack: ChatAck) => {
        // Nothing to do either way: messages reach the member's own channel; a refused join means the room is
        // gone, which the next page load says.
      });
    };
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket, room._id]);

  useEffect(() => {
    field.current?.focus({ preventScroll: true });
  }, []);

  const list = query.data?.messages;
  useEffect(() => {
    const newest = list?.at(-1);
    if (!newest) return;
    // The first load is not news; a later message of someone else is.
    if (lastSeen.current !== undefined && newest._id !== lastSeen.current && newest.user !== me)
      setSpoken(spokenMessage(newest, authorOf(newest.user)));
    lastSeen.current = newest._id;
  }, [list, me, authorOf]);

  return (
    <section aria-label="Conversation" className="flex h-full min-h-0 flex-col">
      {header}
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
      {query.isPending ? (
        <div className="min-h-0 flex-1 px-4">
          <LoadingRows label="Loading messages…" count={4} />
        </div>
      ) : query.isError ? (
        <div className="min-h-0 flex-1 p-4">
          <LoadError
            query={{
              error: new Error(chatErrorText(query.error)),
              isFetching: query.isFetching,
              refetch: query.refetch,
            }}
            title="Messages could not be loaded"
          />
        </div>
      ) : (
        <MessageList
          messages={query.data.messages}
          more={query.data.more}
          me={me}
          authorOf={authorOf}
          onLoadOlder={() => loadOlder(queryClient, room._id)}
        />
      )}
      {room.readOnly ? (
        <div role="note" className="border-t border-line bg-sunken px-4 py-3 text-sm text-ink-muted">
          {readOnlyNote ?? messages.chatReadOnly}
        </div>
      ) : (
        <Composer ref={field} onSend={send} />
      )}
    </section>
  );
}
