import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_NEW_MESSAGE,
  CHAT_RECENT_ROOM_UPDATE,
  CHAT_RESYNC,
  CHAT_ROOM_CHANGED,
  CHAT_USER_OFFLINE,
  CHAT_USER_ONLINE,
  type ChatAck,
  type ChatPresence,
  type ChatRecentRoomUpdate,
  type ChatResync,
  type ChatResyncAnswer,
} from '@vault/contract/realtime';
import { CHAT_LIMITS, type ChatMessage, type ChatRoom } from '@vault/contract/schemas/chat';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { chatKeys, markRoomRead } from './chat-queries';
import { cursorOf, mergeMessages, type RoomMessages, withPresence, withRecent, withUnread } from './message-cache';

/**
 * Keeps the chat's cache live while a chat screen is open (spec 2 §4): new messages join their room's
 * messages (deduplicated by `_id`) and its inbox line, unread counts grow for rooms not on screen, presence
 * moves the dots, a block made or lifted reads the rooms again, and after every reconnect a resync from the last message held per room brings what was
 * missed. `openRoom` is the conversation on screen: its messages are read as they arrive.
 */
export function useChatLive(socket: Socket | null, me: string | undefined, openRoom: string | undefined) {
  const queryClient = useQueryClient();
  const open = useRef(openRoom);
  open.current = openRoom;

  useEffect(() => {
    if (!socket || !me) return;
    const onMessage = (message: ChatMessage) => {
      addMessages(queryClient, message.chatRoom, [message]);
      const rooms = queryClient.getQueryData<ChatRoom[]>(chatKeys.rooms);
      const support = queryClient.getQueryData<ChatRoom>(chatKeys.support);
      if (support?._id === message.chatRoom) return;
      if (!rooms?.some((r) => r._id === message.chatRoom)) {
        // A room the list does not hold (new, or hidden and now back): the server's list has it.
        void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
        return;
      }
      if (message.user === me) return;
      if (message.chatRoom === open.current && document.visibilityState === 'visible') {
        void markRoomRead(queryClient, message.chatRoom);
      } else {
        queryClient.setQueryData<ChatRoom[]>(
          chatKeys.rooms,
          (list) => list && withUnread(list, message.chatRoom, (n) => n + 1),
        );
      }
    };
    const onRecent = (update: ChatRecentRoomUpdate) => {
      queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms, (list) => list && withRecent(list, update));
    };
    const onPresence = ({ userId, onlineStatus }: ChatPresence) => {
      queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms, (list) => list && withPresence(list, userId, onlineStatus));
    };
    // A block made or lifted: the rooms read afresh (the conversation turns read-only or writable again).
    const onRoomChanged = () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
      void queryClient.invalidateQueries({ queryKey: chatKeys.support });
    };
    // socket.io says connect again after each reconnect: what happened meanwhile is asked for then.
    const onConnect = () => void resync(socket, queryClient, open.current);
    socket.on(CHAT_NEW_MESSAGE, onMessage);
    socket.on(CHAT_RECENT_ROOM_UPDATE, onRecent);
    socket.on(CHAT_USER_ONLINE, onPresence);
    socket.on(CHAT_USER_OFFLINE, onPresence);
    socket.on(CHAT_ROOM_CHANGED, onRoomChanged);
    socket.on('connect', onConnect);
    return () => {
      socket.off(CHAT_ROOM_CHANGED, onRoomChanged);
      socket.off(CHAT_NEW_MESSAGE, onMessage);
      socket.off(CHAT_RECENT_ROOM_UPDATE, onRecent);
      socket.off(CHAT_USER_ONLINE, onPresence);
      socket.off(CHAT_USER_OFFLINE, onPresence);
      socket.off('connect', onConnect);
    };
  }, [socket, me, queryClient]);
}

/** Messages of a room that arrived (live, acknowledged, resynced): merged into what is held, if anything is. */
export function addMessages(queryClient: QueryClient, roomId: string, arrived: ChatMessage[]) {
  queryClient.setQueryData<RoomMessages>(chatKeys.messages(roomId), (held) =>
    held ? { ...held, messages: mergeMessages(held.messages, arrived) } : held,
  );
}

/**
 * After a reconnect: every room whose messages are held asks for what came after its last one (CHAT_RESYNC,
 * in batches of the server's limit). A room with more than one answer holds is loaded afresh instead; the
 * lists refetch for their counts and presence.
 */
async function resync(socket: Socket, queryClient: QueryClient, openRoom: string | undefined) {
  const held = queryClient.getQueriesData<RoomMessages>({ queryKey: chatKeys.messagesRoot });
  const rooms = held.flatMap(([key, data]) => (data ? [{ chatRoom: String(key[2]), after: cursorOf(data) }] : []));
  for (let i = 0; i < rooms.length; i += CHAT_LIMITS.resyncRoomsMax) {
    const ask: ChatResync = { rooms: rooms.slice(i, i + CHAT_LIMITS.resyncRoomsMax) };
    try {
      const ack: ChatAck<ChatResyncAnswer> = await socket.timeout(10_000).emitWithAck(CHAT_RESYNC, ask);
      if (!ack.ok) throw new Error(ack.message);
      for (const answer of ack.data.rooms) {
        if (answer.more) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(answer.chatRoom) });
        else addMessages(queryClient, answer.chatRoom, answer.messages);
        if (answer.chatRoom === openRoom && answer.messages.length > 0) void markRoomRead(queryClient, openRoom);
      }
    } catch {
      // No answer (the connection went again, or a room is no longer ours): the rooms load afresh.
      void queryClient.invalidateQueries({ queryKey: chatKeys.messagesRoot });
    }
  }
  void queryClient.invalidateQueries({ queryKey: chatKeys.rooms });
  void queryClient.invalidateQueries({ queryKey: chatKeys.support });
}
