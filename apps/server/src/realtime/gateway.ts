import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  BROADCAST_CHANNEL,
  type BroadcastEvent,
  type MemberEvent,
  PRICES_CHANNEL,
  type PricesEvent,
  USER_CONNECT,
} from '@vault/contract/realtime';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Context } from '../context.ts';
import type { SessionService } from '../modules/auth/sessions.ts';
import type { ChatService } from '../modules/chat/service.ts';
import { hasMembershipData } from '../modules/membership/service.ts';
import { attachAdminSocket } from './admin-socket.ts';
import { attachChatSocket } from './chat-socket.ts';

const room = (userId: string) => `user:${userId}`;

/**
 * socket.io at /socket.io. The token is checked at the handshake and the socket joins its member's room;
 * the userId a client sends in 'user-connect' is never trusted. Events go out on the channel named by
 * the member's e-mail (spec 1 §7). With REDIS_URL, rooms are shared by every server process.
 */
export function attachRealtime(server: HttpServer, ctx: Context, sessions: SessionService, chat: ChatService) {
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  const redis: Redis[] = [];
  if (ctx.config.REDIS_URL) {
    const pub = new Redis(ctx.config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    const auth = typeof token === 'string' ? await sessions.authenticate(token, 'access').catch(() => null) : null;
    // Members' access sessions only: a back-office session is of another kind, and an administrator's
    // account is no member's even with an access session from before administrators had their own.
    if (!auth || auth.user.isBlocked || auth.user.role === 'admin') return next(new Error('unauthorized'));
    socket.data.userId = auth.user.id;
    socket.data.email = auth.user.email;
    // Chat sits behind the membership data gate, as its HTTP routes do (chat-socket.ts checks it).
    socket.data.chat = hasMembershipData(auth.user);
    next();
  });

  io.on('connection', (socket) => {
    socket.join(room(socket.data.userId));
    // Kept for the spec's client, which announces itself; the room was already chosen from the token.
    socket.on(USER_CONNECT, () => {});
  });

  /** A member's event, typed by the contract, on the channel named by their e-mail. */
  const toMember = (userId: string, email: string, event: MemberEvent) => io.to(room(userId)).emit(email, event);
  const user = (userId: string, email: string) => ({ _id: userId, email });

  // Chat (issue 15): its events, presence and the chatMessage deliveries.
  const chatSocket = attachChatSocket(io, ctx, chat, room);
  // The back office's support desk: a namespace of its own, for administrators' sessions (admin-socket.ts).
  const adminSocket = attachAdminSocket(io, ctx, sessions);

  const unsubscribe = [
    ctx.events.on('userBlocked', ({ userId, email, blockReason }) => {
      toMember(userId, email, { type: 'userBlocked', user: user(userId, email), blockReason });
    }),
    ctx.events.on('notificationCreated', ({ userId, email, notification }) => {
      toMember(userId, email, { type: 'notification', user: user(userId, email), notification });
    }),
    ctx.events.on('walletUpdated', ({ userId, email }) => {
      toMember(userId, email, { type: 'nativeWalletUpdate', user: user(userId, email) });
    }),
    ctx.events.on('nftBalanceUpdated', ({ userId, email }) => {
      toMember(userId, email, { type: 'nftBalanceUpdated', user: user(userId, email) });
    }),
    ctx.events.on('walletActivated', ({ userId, email }) => {
      toMember(userId, email, { type: 'walletActivated', user: user(userId, email) });
    }),
    // Prices are the same for everyone: one broadcast to every member's socket, on a channel of its own.
    ctx.events.on('pricesChanged', ({ coinSymbol }) => {
      const event: PricesEvent = { type: 'pricesUpdated', coinSymbol };
      io.emit(PRICES_CHANNEL, event);
    }),
    // A notification to every member: one broadcast to every socket (members only: the handshake refuses
    // administrators and blocked members), each bell refetches its own rows.
    ctx.events.on('notificationBroadcast', ({ message, createdAt }) => {
      const event: BroadcastEvent = { type: 'notificationBroadcast', message, createdAt };
      io.emit(BROADCAST_CHANNEL, event);
    }),
    ctx.events.on('sessionsRevoked', ({ userId }) => {
      io.in(room(userId)).disconnectSockets(true);
    }),
  ];

  return {
    io,
    async close() {
      for (const off of unsubscribe) off();
      await chatSocket.close();
      await adminSocket.close();
      await io.close();
      for (const r of redis) r.disconnect();
    },
  };
}
