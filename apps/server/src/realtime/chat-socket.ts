import { messages } from '@vault/contract/messages';
import {
  CHAT_ADD_MESSAGE,
  CHAT_JOIN_ROOM,
  CHAT_NEW_MESSAGE,
  CHAT_RECENT_ROOM_UPDATE,
  CHAT_RESYNC,
  CHAT_ROOM_CHANGED,
  CHAT_USER_OFFLINE,
  CHAT_USER_ONLINE,
  type ChatAck,
  type ChatPresence,
  type ChatRecentRoomUpdate,
  type ChatRoomChanged,
} from '@vault/contract/realtime';
import { chatJoinPayload, chatMessageBody, chatResyncPayload } from '@vault/contract/schemas/chat';
import { fieldErrors } from '@vault/contract/schemas/common';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Context } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { PRESENCE_HEARTBEAT_MS } from '../modules/chat/presence.ts';
import { recentOf, toChatMessage } from '../modules/chat/presenter.ts';
import type { ChatService } from '../modules/chat/service.ts';

/** A socket.io room of the chat: who follows one conversation (join-room). */
const chatRoom = (roomId: string) => `chat:${roomId}`;

/**
 * The chat over socket.io (issue 15; spec 2 §4): join-room, add-message and resync from the client, each
 * answered through its acknowledgement (ChatAck); new-message and recent-room-update to every member of the
 * room on their personal room (`room(userId)`, the gateway's), so it reaches all their tabs in every process
 * (Redis adapter); user-online and user-offline to the members one shares a room with. The sender is the
 * socket's member (set at the handshake), never a payload's `user`; everything goes through the chat
 * service, with the same checks as HTTP. Chat needs the membership data, as the HTTP routes do.
 */
export function attachChatSocket(io: Server, ctx: Context, chat: ChatService, room: (userId: string) => string) {
  const { log } = ctx;
  /** Set on close: the sockets then disconnect because the process stops, and its Redis goes with it. */
  let closing = false;
  /** This process's sockets per member: what its presence heartbeat renews. */
  const here = new Map<string, Set<string>>();
  const heartbeat = setInterval(() => {
    chat.presence.heartbeat(here).catch((err) => log.warn({ err }, 'chat presence heartbeat failed'));
  }, PRESENCE_HEARTBEAT_MS);
  heartbeat.unref();

  const tellPartners = async (userId: string, online: boolean) => {
    const partners = await chat.partnersOf(userId);
    if (partners.length === 0) return;
    const event: ChatPresence = { userId, onlineStatus: online };
    io.to(partners.map(room)).emit(online ? CHAT_USER_ONLINE : CHAT_USER_OFFLINE, event);
  };

  io.on('connection', (socket) => {
    const userId: string = socket.data.userId;
    const mine = here.get(userId) ?? new Set<string>();
    here.set(userId, mine);
    mine.add(socket.id);
    chat.presence
      .connected(userId, socket.id)
      .then((first) => (first ? tellPartners(userId, true) : undefined))
      .catch((err) => log.warn({ err }, 'chat presence failed'));
    socket.on('disconnect', () => {
      mine.delete(socket.id);
      if (mine.size === 0) here.delete(userId);
      if (closing) return;
      chat.presence
        .disconnected(userId, socket.id)
        .then((last) => (last ? tellPartners(userId, false) : undefined))
        .catch((err) => log.warn({ err }, 'chat presence failed'));
    });

    const on = handler(socket, ctx);
    on(CHAT_JOIN_ROOM, chatJoinPayload, async ({ chatRoom: roomId }) => {
      // Another member's room answers as one that does not exist.
      if (!(await chat.isMemberOf(userId, roomId))) throw new AppError(404, 'NOT_FOUND', messages.notFound);
      await socket.join(chatRoom(roomId));
      return undefined;
    });
    on(CHAT_ADD_MESSAGE, chatMessageBody, async (body) => (await chat.send({ id: userId }, body)).data);
    on(CHAT_RESYNC, chatResyncPayload, ({ rooms }) => chat.resync(userId, rooms));
  });

  const offBlocks = ctx.events.on('chatBlockChanged', ({ userIds: [a, b] }) => {
    // Each is told the other's id: their room reads afresh (read-only or writable again).
    io.to(room(a)).emit(CHAT_ROOM_CHANGED, { userId: b } satisfies ChatRoomChanged);
    io.to(room(b)).emit(CHAT_ROOM_CHANGED, { userId: a } satisfies ChatRoomChanged);
  });
  const off = ctx.events.on('chatMessage', ({ message, to }) => {
    const recent: ChatRecentRoomUpdate = {
      chatRoom: message.roomId,
      recentMessage: recentOf(message),
      updatedAt: message.createdAt,
    };
    for (const userId of to) {
      // Each member's own copy: an attachment's URL is signed for its viewer.
      io.to(room(userId)).emit(CHAT_NEW_MESSAGE, toChatMessage(message, userId));
      io.to(room(userId)).emit(CHAT_RECENT_ROOM_UPDATE, recent);
    }
  });

  return {
    /** Before the sockets close: this process's sockets leave presence at once instead of lapsing. */
    async close() {
      closing = true;
      clearInterval(heartbeat);
      off();
      offBlocks();
      await chat.presence.leave(here).catch((err) => log.warn({ err }, 'chat presence failed'));
    },
  };
}

/**
 * Registers a client → server event: checks the membership gate and the payload (the HTTP routes' zod schemas),
 * runs `work` and acknowledges with its result or the error an HTTP call would answer. An acknowledgement is
 * optional for the client; a failure of ours is logged (never the payload: it holds message texts).
 */
function handler(socket: Socket, ctx: Context) {
  return <S extends z.ZodType, T>(event: string, schema: S, work: (payload: z.output<S>) => Promise<T>) => {
    socket.on(event, async (payload: unknown, ack?: unknown) => {
      const reply = (answer: ChatAck<T>) => {
        if (typeof ack === 'function') ack(answer);
      };
      if (!socket.data.chat) return reply({ ok: false, message: messages.fillGpaFirst, code: 'MEMBERSHIP_REQUIRED' });
      const parsed = schema.safeParse(payload);
      if (!parsed.success)
        return reply({
          ok: false,
          message: messages.invalidRequest,
          code: 'VALIDATION',
          fields: fieldErrors(parsed.error),
        });
      try {
        const data = await work(parsed.data);
        reply((data === undefined ? { ok: true } : { ok: true, data }) as ChatAck<T>);
      } catch (error) {
        if (error instanceof AppError)
          return reply({
            ok: false,
            message: error.message,
            code: error.code,
            ...(error.fields ? { fields: error.fields } : {}),
          });
        ctx.log.error({ err: error, event }, 'chat socket event failed');
        reply({ ok: false, message: messages.internal, code: 'INTERNAL' });
      }
    });
  };
}
