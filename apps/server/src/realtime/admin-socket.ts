import { ErrorCode } from '@vault/contract/errors';
import {
  ADMIN_SOCKET_NAMESPACE,
  SUPPORT_ROOM_ASSIGNED,
  SUPPORT_ROOM_UPDATE,
  type SupportRoomAssigned,
  type SupportRoomUpdate,
} from '@vault/contract/realtime';
import { roleMay } from '@vault/contract/schemas/admin-auth';
import type { Server } from 'socket.io';
import type { Context } from '../context.ts';
import type { SessionService } from '../modules/auth/sessions.ts';
import { recentOf } from '../modules/chat/presenter.ts';
import type { ChatService } from '../modules/chat/service.ts';

/** Every support administrator's socket: where a support room's news goes (all processes, Redis adapter). */
const SUPPORT_DESK = 'support-desk';
/** One administrator's sockets: what their disabling closes. */
const adminRoom = (userId: string) => `admin:${userId}`;

/** A refused handshake, with the code the client reads (`connect_error`'s `data`) to stop reconnecting. */
function refusal(code: typeof ErrorCode.UNAUTHORIZED | typeof ErrorCode.FORBIDDEN) {
  return Object.assign(new Error(code === ErrorCode.UNAUTHORIZED ? 'unauthorized' : 'forbidden'), {
    data: { code },
  });
}

/**
 * The back office's socket (issue 15 item 5): the namespace ADMIN_SOCKET_NAMESPACE on the members' socket.io
 * server, so it shares its path and its Redis adapter. The handshake carries the back-office session
 * (`auth: { token }`, the bearer the back office calls the API with), checked as an `auth: 'admin'` route
 * checks it (a live session of an enrolled, enabled administrator, role read now), and the role must have
 * `chat.support`; members' sessions and anything else are refused. Nothing is read from the client: the
 * desk only listens. A message in a member's support room (the chat service's `chatMessage` event, whoever
 * wrote it) is told to every support administrator; other rooms' messages never are.
 */
export function attachAdminSocket(io: Server, ctx: Context, sessions: SessionService, chat: ChatService) {
  const desk = io.of(ADMIN_SOCKET_NAMESPACE);

  desk.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    const auth = typeof token === 'string' ? await sessions.authenticateAdmin(token).catch(() => null) : null;
    if (!auth || auth.user.isBlocked) return next(refusal(ErrorCode.UNAUTHORIZED));
    if (!roleMay(auth.admin.role, 'chat.support')) return next(refusal(ErrorCode.FORBIDDEN));
    socket.data.userId = auth.user.id;
    next();
  });

  desk.on('connection', (socket) => {
    socket.join([SUPPORT_DESK, adminRoom(socket.data.userId)]);
  });

  /** Lookups under way: close() waits for them, so nothing is sent through a Redis adapter already closed. */
  const pending = new Set<Promise<void>>();

  const unsubscribe = [
    ctx.events.on('chatMessage', ({ message }) => {
      // Every room's messages come through here; the chat service says which rooms are the desk's.
      const telling = chat
        .supportDeskOf(message.roomId)
        .then((room) => {
          if (!room) return;
          const update: SupportRoomUpdate = {
            chatRoom: message.roomId,
            memberId: room.memberId,
            assignedTo: room.assignedTo,
            recentMessage: recentOf(message),
            updatedAt: message.createdAt,
          };
          desk.to(SUPPORT_DESK).emit(SUPPORT_ROOM_UPDATE, update);
        })
        .catch((err) => ctx.log.warn({ err }, 'support desk update failed'))
        .finally(() => pending.delete(telling));
      pending.add(telling);
    }),
    ctx.events.on('supportRoomAssigned', ({ roomId, assignedTo }) => {
      desk.to(SUPPORT_DESK).emit(SUPPORT_ROOM_ASSIGNED, { chatRoom: roomId, assignedTo } satisfies SupportRoomAssigned);
    }),
    // A disabled administrator's sessions end; their open desks close with them (members' sockets: gateway.ts).
    ctx.events.on('sessionsRevoked', ({ userId }) => {
      desk.in(adminRoom(userId)).disconnectSockets(true);
    }),
  ];

  return {
    async close() {
      for (const off of unsubscribe) off();
      await Promise.allSettled(pending);
    },
  };
}
