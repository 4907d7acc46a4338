import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@vault/contract/schemas/chat';
import { useCallback, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { toast } from '../../lib/toast';
import { chatKeys } from './chat-queries';
import { chatErrorText } from './chat-text';
import type { Draft, SendOutcome } from './composer';
import { otherMember, withRecent } from './message-cache';
import { ChatSendError, sendChatMessage, uploadAttachment } from './send-message';
import { addMessages } from './use-chat-live';

/**
 * Sends the composer's draft in `room`: a text, or a file uploaded first (type=chat) and then sent with its
 * reference. The stored message joins the conversation at once (its new-message, arriving too, is the same
 * `_id`). Failures show the server's message; a read-only answer refreshes the room so the composer goes.
 * Each message carries a clientId; a text whose answer never came keeps its id, so sending it again (the
 * composer keeps it) is stored once by the server, never twice.
 */
export function useSend(room: ChatRoom, me: string, socket: Socket | null) {
  const queryClient = useQueryClient();
  const unanswered = useRef<{ text: string; clientId: string } | null>(null);
  return useCallback(
    async (draft: Draft): Promise<SendOutcome> => {
      const again = 'text' in draft && unanswered.current?.text === draft.text ? unanswered.current : null;
      const clientId = again?.clientId ?? crypto.randomUUID();
      const base = { chatRoom: room._id, user: me, recipient: otherMember(room, me)?._id ?? null, clientId };
      try {
        const body =
          'file' in draft
            ? {
                ...base,
                text: '',
                image: await uploadAttachment(draft.file),
                fileName: draft.file.name,
                type: draft.file.type.startsWith('image/') ? ('image' as const) : ('file' as const),
              }
            : { ...base, text: draft.text, type: 'text' as const };
        const message = await sendChatMessage(socket, body);
        unanswered.current = null;
        addMessages(queryClient, room._id, [message]);
        queryClient.setQueryData<ChatRoom[]>(
          chatKeys.rooms,
          (rooms) =>
            rooms &&
            withRecent(rooms, {
              chatRoom: room._id,
              recentMessage: {
                _id: message._id,
                text: message.text,
                type: message.type,
                user: message.user,
                createdAt: message.createdAt,
              },
              updatedAt: message.createdAt,
            }),
        );
        return 'sent';
      } catch (error) {
        toast.error(chatErrorText(error));
        if (error instanceof ChatSendError && error.code === 'CHAT_READ_ONLY') {
          void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
          void queryClient.invalidateQueries({ queryKey: chatKeys.support });
        }
        const unknown = error instanceof ChatSendError && error.stored === 'unknown';
        if (unknown && 'text' in draft) unanswered.current = { text: draft.text, clientId };
        return unknown ? 'unknown' : 'failed';
      }
    },
    [room, me, socket, queryClient],
  );
}
