import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@vault/contract/constants';
import {
  chatMessageResponse,
  chatMessagesResponse,
  type SupportRoomFilter,
  supportMemberResponse,
  supportRoomsResponse,
} from '@vault/contract/schemas/chat';
import { messageResponse } from '@vault/contract/schemas/common';
import { uploadResponse } from '@vault/contract/schemas/user';
import { api, queryString } from '../../lib/api';

/** The desk's cached answers, under one key: a live update asks them again (live.ts). */
export const supportKeys = {
  all: ['support'] as const,
  rooms: (filter: SupportRoomFilter) => ['support', 'rooms', filter] as const,
  messages: (roomId: string) => ['support', 'messages', roomId] as const,
  member: (roomId: string) => ['support', 'member', roomId] as const,
};

/** Rooms per inbox page: a working day's conversations; more load on demand. */
const ROOMS_PAGE = 50;

/**
 * GET /api/admin/chat/rooms?filter: members' support conversations, newest activity first, a page at a time
 * ("Show more"). The socket refreshes it on every message; without it (reconnecting) it is asked every 10 s.
 * Every 30 s in any case: a room another administrator takes is not pushed.
 */
export function useSupportRooms(filter: SupportRoomFilter, live: boolean) {
  return useInfiniteQuery({
    queryKey: supportKeys.rooms(filter),
    queryFn: ({ pageParam }) =>
      api(`admin/chat/rooms${queryString({ filter, page: pageParam, limit: ROOMS_PAGE })}`, supportRoomsResponse),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    refetchInterval: live ? 30_000 : 10_000,
  });
}

/**
 * GET /api/admin/chat/rooms/:id/messages: the newest page first, then older pages before the oldest message
 * shown (`before`, so messages arriving meanwhile do not shift them). Live through the socket; polled while
 * it reconnects.
 */
export function useSupportMessages(roomId: string, live: boolean) {
  return useInfiniteQuery({
    queryKey: supportKeys.messages(roomId),
    queryFn: ({ pageParam }) =>
      api(`admin/chat/rooms/${roomId}/messages${queryString({ before: pageParam })}`, chatMessagesResponse),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.more && last.data[0] ? last.data[0]._id : undefined),
    refetchInterval: live ? false : 10_000,
  });
}

/** GET /api/admin/chat/rooms/:id/member: the member beside the conversation. */
export function useSupportMember(roomId: string) {
  return useQuery({
    queryKey: supportKeys.member(roomId),
    queryFn: () => api(`admin/chat/rooms/${roomId}/member`, supportMemberResponse),
    staleTime: 60_000,
  });
}

/** POST /api/admin/chat/rooms/:id/assign: the administrator takes the room ("mine"). */
export function useAssign(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(`admin/chat/rooms/${roomId}/assign`, messageResponse, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'rooms'] }),
  });
}

/** What the reply box sends: text, an attachment, or both. */
export type Reply = { text: string; file: File | null };

/** Chat attachments the server takes (spec 2 §5): checked there by content; here by name, to say it at once. */
export const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,.docx,.pptx,.xlsx';
export const ATTACHMENT_RULE = 'JPEG, PNG, PDF, DOCX, PPTX or XLSX, 5 MB at most';

/** Why a chosen file cannot be sent, or null. */
export function attachmentProblem(file: File): string | null {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!ATTACHMENT_ACCEPT.split(',').includes(`.${extension}`))
    return `Attach a file of these kinds: ${ATTACHMENT_RULE}`;
  if (file.size > LIMITS.uploadMaxBytes) return `The file is larger than 5 MB`;
  return null;
}

/**
 * Answers the member: the attachment first (POST /api/admin/chat/upload, multipart), then the message with its
 * URL and the file's name (POST /api/admin/chat/rooms/:id/messages). The conversation and the inbox are asked
 * again (the socket would too; this is for a desk whose socket is reconnecting).
 */
export function useSendReply(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, file }: Reply) => {
      let attachment: { image: string; fileName: string } | null = null;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        const uploaded = await api('admin/chat/upload', uploadResponse, { body: form });
        attachment = { image: uploaded.url, fileName: file.name };
      }
      return api(`admin/chat/rooms/${roomId}/messages`, chatMessageResponse, {
        body: { text, ...(attachment ?? {}) },
      });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.messages(roomId) }),
        queryClient.invalidateQueries({ queryKey: ['support', 'rooms'] }),
      ]),
  });
}
