import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type ChatRoom,
  chatMessagesResponse,
  chatRoomResponse,
  chatRoomsResponse,
  userSearchResponse,
} from '@vault/contract/schemas/chat';
import type { messageResponse } from '@vault/contract/schemas/common';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { type RoomMessages, withNewestPage, withRoom } from './message-cache';

/**
 * The chat's server data (spec 2 §7 Chat calls, issue 15). Answers are parsed with the contract's schemas, so a
 * changed server shape fails here, loudly, instead of deep inside a screen. Messages live in the cache per
 * room; the live hook (use-chat-live.ts) merges what the socket brings into the same entries.
 */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: ['chat', 'rooms'] as const,
  support: ['chat', 'support'] as const,
  messagesRoot: ['chat', 'messages'] as const,
  messages: (roomId: string) => ['chat', 'messages', roomId] as const,
  search: (keyword: string) => ['chat', 'search', keyword] as const,
};

type Message = z.infer<typeof messageResponse>;

/** GET chat/room: every room of the inbox (up to the spec's 1000), newest activity first. */
export const useChatRooms = () =>
  useQuery({
    queryKey: chatKeys.rooms,
    queryFn: async () =>
      chatRoomsResponse.parse(await api(`chat/room?page=1&limit=${CHAT_LIMITS.listMax}`)).data as ChatRoom[],
    // Kept live only while a chat screen is open: coming back asks again.
    staleTime: 0,
  });

/** POST chat/support: the member's conversation with support, made on first use. */
export const useSupportRoom = () =>
  useQuery({
    queryKey: chatKeys.support,
    queryFn: async () => chatRoomResponse.parse(await api('chat/support', { method: 'POST' })).data,
  });

/** GET user/search: members who may be written to, one page of the spec's 30. */
export const useMemberSearch = (keyword: string) =>
  useQuery({
    queryKey: chatKeys.search(keyword),
    queryFn: async () =>
      userSearchResponse.parse(
        await api(
          `user/search?${new URLSearchParams({ page: '1', limit: String(CHAT_LIMITS.searchPageSize), keyword })}`,
        ),
      ).data,
    enabled: keyword.length > 0,
    staleTime: 60_000,
  });

const fetchPage = async (roomId: string, before?: string): Promise<RoomMessages> => {
  const params = new URLSearchParams({
    chatRoom: roomId,
    page: '1',
    limit: String(CHAT_LIMITS.messagesPageSize),
    ...(before ? { before } : {}),
  });
  const page = chatMessagesResponse.parse(await api(`chat/room/messages?${params}`));
  return { messages: page.data as ChatMessage[], more: page.more };
};

/**
 * A room's messages: the newest page (which also marks the room read on the server), merged with what the cache
 * already holds, since live messages may have arrived in between.
 */
export function useRoomMessages(roomId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(roomId),
    queryFn: async () => {
      const page = await fetchPage(roomId);
      clearUnread(queryClient, roomId);
      return withNewestPage(queryClient.getQueryData<RoomMessages>(chatKeys.messages(roomId)), page);
    },
    // What the socket brings keeps it current while a chat screen is open; coming back asks again.
    staleTime: 0,
  });
}

/** The page before the oldest message held (scrolling up), merged at the top. */
export async function loadOlder(queryClient: QueryClient, roomId: string) {
  const held = queryClient.getQueryData<RoomMessages>(chatKeys.messages(roomId));
  const oldest = held?.messages[0];
  if (!held || !oldest || !held.more) return;
  const page = await fetchPage(roomId, oldest._id);
  queryClient.setQueryData<RoomMessages>(chatKeys.messages(roomId), (current) => ({
    messages: [
      ...page.messages,
      ...(current?.messages ?? []).filter((m) => !page.messages.some((p) => p._id === m._id)),
    ],
    more: page.more,
  }));
}

/** The room is read: its badge goes at once (the server has marked it by then). */
export function clearUnread(queryClient: QueryClient, roomId: string) {
  queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms, (rooms) =>
    rooms?.map((r) => (r._id === roomId && r.unread > 0 ? { ...r, unread: 0 } : r)),
  );
}

/** POST chat/room/{id}/read: a message arrived in the conversation on screen, so it is read. */
export const markRoomRead = (queryClient: QueryClient, roomId: string) => {
  clearUnread(queryClient, roomId);
  return api<Message>(`chat/room/${roomId}/read`, { method: 'POST' }).catch(() => {
    // The badge comes back at the next list load; nothing the member needs to act on.
  });
};

/** POST chat/room/create: the room with that member (the existing one if there is one). */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (otherUserId: string) =>
      chatRoomResponse.parse(await api('chat/room/create', { body: { otherUserId } })).data as ChatRoom,
    onSuccess: (room) => queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms, (rooms) => withRoom(rooms, room)),
  });
}

/** GET chat/user-delete/{roomId}: hidden for the member alone, until someone writes in it again. */
export function useHideRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => api<Message>(`chat/user-delete/${roomId}`),
    onSuccess: (_, roomId) => {
      queryClient.setQueryData<ChatRoom[]>(chatKeys.rooms, (rooms) => rooms?.filter((r) => r._id !== roomId));
      queryClient.removeQueries({ queryKey: chatKeys.messages(roomId) });
    },
  });
}

/** POST or DELETE chat/block/{userId}: the room turns read-only (or writable again); the list says which. */
export function useBlockMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      api<Message>(`chat/block/${userId}`, { method: block ? 'POST' : 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}
