import { messages } from '@vault/contract/messages';
import {
  CHAT_LIMITS,
  type ChatCursor,
  type ChatMessageBody,
  type ChatMessagesQuery,
  type ChatReplyBody,
  type ChatRoomListQuery,
  type SupportRoomsQuery,
  type UserSearchQuery,
} from '@vault/contract/schemas/chat';
import type { Context } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { User } from '../auth/sessions.ts';
import { isContactable, searchContacts } from '../members/contacts.ts';
import { findMember } from '../members/directory.ts';
import { hasMembershipData } from '../membership/service.ts';
import type { StorageService } from '../storage/service.ts';
import { block, blockedBetween, blockedPairsOf, unblock } from './blocks.ts';
import { markRead, messagePage, messagesAfter, roomsOfMember, sendMessage } from './messages.ts';
import type { Presence } from './presence.ts';
import { toChatMessage } from './presenter.ts';
import {
  directPairKey,
  hideRoom,
  listRooms,
  memberRoom,
  ownRoom,
  partnersOf,
  roomForPair,
  roomView,
  supportPairKey,
} from './rooms.ts';
import { assignRoom, supportRoom, supportRooms } from './support.ts';

/**
 * Chat (issue 15): member-to-member rooms, each member's support room, and the support inbox. Every way in
 * (HTTP, the socket, the back office) goes through here, so the checks are the same everywhere: a room that is
 * not the caller's is 404 (as one that does not exist), read-only rooms refuse writes, texts have a length and
 * members a rate. Messages are told through `ctx.events` (`chatMessage`); this module never touches a socket.
 */
export function chatService(ctx: Context, deps: { storage: StorageService; presence: Presence }) {
  const { db } = ctx;
  const { storage, presence } = deps;

  return {
    presence,

    /** `chat/room/create`: the room with that member, created once per pair, whoever starts it. */
    async createRoom(me: User, otherUserId: string) {
      if (otherUserId === me.id) throw badRequest(messages.chatSelf, 'BAD_REQUEST', { otherUserId: messages.chatSelf });
      // Someone who may not be written to, or who blocked the caller (or was blocked by them), is not found:
      // the same answer as an id nobody has.
      if (!(await isContactable(db, otherUserId)) || (await blockedBetween(db, me.id, otherUserId))) throw notFound();
      const room = await roomForPair(db, 'direct', directPairKey(me.id, otherUserId), [me.id, otherUserId]);
      return { data: await roomView(db, presence, me.id, room.id, 'direct') };
    },

    /** The inbox: direct rooms the caller has not hidden, newest activity first. */
    async rooms(me: User, query: ChatRoomListQuery) {
      const data = await listRooms(db, presence, me.id, {
        kind: 'direct',
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return { data, page: query.page, limit: query.limit };
    },

    /** The member's support conversation (/chat), created on first use. */
    async supportRoom(me: User) {
      const room = await roomForPair(db, 'support', supportPairKey(me.id), [me.id]);
      return { data: await roomView(db, presence, me.id, room.id, 'support') };
    },

    /** A page of one of the caller's rooms; reading the newest page marks the room read. */
    async messages(me: User, query: ChatMessagesQuery) {
      await ownRoom(db, me.id, query.chatRoom);
      const page = await messagePage(db, query.chatRoom, query);
      if (query.page === 1 && !query.before) await markRead(db, me.id, query.chatRoom);
      return {
        data: page.rows.map((m) => toChatMessage(m, me.id)),
        page: query.page,
        limit: query.limit,
        more: page.more,
      };
    },

    /** Writes a message as the caller (HTTP and socket alike); `user` and `recipient` of the body are ignored. */
    async send(me: Pick<User, 'id'>, body: ChatMessageBody) {
      const message = await sendMessage(ctx, storage, { id: me.id, support: false }, body.chatRoom, body);
      return { data: toChatMessage(message, me.id) };
    },

    async markRead(me: User, roomId: string) {
      await markRead(db, me.id, roomId);
      return { message: messages.chatRead };
    },

    /** `chat/user-delete/{roomId}`: hidden for the caller until a new message arrives. */
    async hide(me: User, roomId: string) {
      await hideRoom(db, me.id, roomId);
      return { message: messages.chatRoomDeleted };
    },

    /** `user/search`: members who may be contacted, by name or e-mail; only id, name and picture answered. */
    async search(me: User, query: UserSearchQuery) {
      const rows = await searchContacts(db, {
        callerId: me.id,
        keyword: query.keyword,
        excluded: blockedPairsOf(me.id),
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        data: rows.map((r) => ({ _id: r.id, name: r.name, picture: r.profilePicture })),
        page: query.page,
        limit: query.limit,
      };
    },

    async block(me: User, userId: string) {
      await db.transaction(async (tx) => {
        await block(tx, me.id, userId);
        await ctx.events.emit('chatBlockChanged', { userIds: [me.id, userId] }, tx);
      });
      return { message: messages.chatMemberBlocked };
    },

    async unblock(me: User, userId: string) {
      await db.transaction(async (tx) => {
        await unblock(tx, me.id, userId);
        await ctx.events.emit('chatBlockChanged', { userIds: [me.id, userId] }, tx);
      });
      return { message: messages.chatMemberUnblocked };
    },

    // --- The socket's ways in (realtime/chat-socket.ts): the sender is always the socket's member ---

    /** Whether the member may follow this room (join-room). */
    isMemberOf: async (userId: string, roomId: string) => Boolean(await memberRoom(db, userId, roomId)),

    /** Whom to tell when the member comes online or goes offline. */
    partnersOf: (userId: string) => partnersOf(db, userId),

    /** After a reconnect: every message after each cursor, in order; any room not theirs is 404 for all. */
    async resync(userId: string, rooms: { chatRoom: string; after: ChatCursor | null }[]) {
      const own = await roomsOfMember(
        db,
        userId,
        rooms.map((r) => r.chatRoom),
      );
      if (rooms.some((r) => !own.has(r.chatRoom))) throw notFound();
      const answers = await Promise.all(
        rooms.map(async ({ chatRoom, after }) => {
          const page = await messagesAfter(db, chatRoom, after, CHAT_LIMITS.resyncMessagesMax);
          return { chatRoom, messages: page.rows.map((m) => toChatMessage(m, userId)), more: page.more };
        }),
      );
      return { rooms: answers };
    },

    // --- The support inbox (back office, permission chat.support) ---

    supportRooms: (admin: User, query: SupportRoomsQuery) => supportRooms(db, admin.id, query),

    async supportMessages(admin: User, roomId: string, query: Omit<ChatMessagesQuery, 'chatRoom'>) {
      await supportRoom(db, roomId);
      const page = await messagePage(db, roomId, query);
      return {
        data: page.rows.map((m) => toChatMessage(m, admin.id)),
        page: query.page,
        limit: query.limit,
        more: page.more,
      };
    },

    async reply(admin: User, roomId: string, body: ChatReplyBody) {
      const message = await sendMessage(ctx, storage, { id: admin.id, support: true }, roomId, body);
      return { data: toChatMessage(message, admin.id) };
    },

    async assign(admin: User, roomId: string) {
      await db.transaction(async (tx) => {
        await assignRoom(tx, roomId, admin.id);
        await ctx.events.emit('supportRoomAssigned', { roomId, assignedTo: admin.id }, tx);
      });
      return { message: messages.chatRoomAssigned };
    },

    /** The member beside the conversation. */
    async supportMember(roomId: string) {
      const room = await supportRoom(db, roomId);
      const member = await findMember(db, room.memberId);
      if (!member) throw notFound();
      return {
        data: {
          _id: member.id,
          name: member.name,
          email: member.email,
          profilePicture: member.profilePicture,
          type: member.type,
          isBlocked: member.isBlocked,
          isWalletActivated: member.isWalletActivated,
          hasMembershipData: hasMembershipData(member),
          createdAt: member.createdAt.toISOString(),
        },
      };
    },
  };
}

export type ChatService = ReturnType<typeof chatService>;
