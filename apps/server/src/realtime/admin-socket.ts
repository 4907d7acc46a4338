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
export function attachAdminSocket(io: Server, ctx: Context, sessions: SessionService) {
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

  const unsubscribe = [
    ctx.events.on('chatMessage', ({ message, support }) => {
      // Only a member's support room is the desk's; other rooms' messages never reach it.
      if (!support) return;
      const update: SupportRoomUpdate = {
        chatRoom: message.roomId,
        memberId: support.memberId,
        assignedTo: support.assignedTo,
        recentMessage: recentOf(message),
        updatedAt: message.createdAt,
      };
      desk.to(SUPPORT_DESK).emit(SUPPORT_ROOM_UPDATE, update);
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
    },
  };
}
