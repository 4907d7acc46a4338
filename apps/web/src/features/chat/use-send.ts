import { useQueryClient } from '@tanstack/react-query';
import type { ChatRoom } from '@vault/contract/schemas/chat';
import { useCallback } from 'react';
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
 */
export function useSend(room: ChatRoom, me: string, socket: Socket | null) {
  const queryClient = useQueryClient();
  return useCallback(
    async (draft: Draft): Promise<SendOutcome> => {
      const base = { chatRoom: room._id, user: me, recipient: otherMember(room, me)?._id ?? null };
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
        return error instanceof ChatSendError && error.stored === 'unknown' ? 'unknown' : 'failed';
      }
    },
    [room, me, socket, queryClient],
  );
}
