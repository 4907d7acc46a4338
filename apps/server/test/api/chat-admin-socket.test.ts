import type { AddressInfo } from 'node:net';
import {
  ADMIN_SOCKET_NAMESPACE,
  CHAT_NEW_MESSAGE,
  SUPPORT_ROOM_ASSIGNED,
  SUPPORT_ROOM_UPDATE,
  type SupportRoomAssigned,
  type SupportRoomUpdate,
} from '@vault/contract/realtime';
import type { ChatMessage } from '@vault/contract/schemas/chat';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, redisAnswers, startServer, TEST_REDIS_URL, type TestServer } from '../support.ts';
import { chatMember, type Member, roomOf, send } from './chat-support.ts';

/**
 * The back office's socket (issue 15 item 5, realtime/admin-socket.ts): only a live back-office session whose
 * role has chat.support gets in; a member's message to support and support's answer reach every support
 * administrator's desk, live, across processes; members' own conversations never do.
 */
let server: TestServer;
let url: string;
let support: Awaited<ReturnType<typeof createAdmin>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  support = await createAdmin(server, 'support');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

const options = (token: unknown) => ({
  path: '/socket.io',
  auth: token === undefined ? {} : { token },
  transports: ['websocket'],
  reconnection: false,
  forceNew: true,
});

/** Connects to the back office's namespace: the socket, or the handshake's refusal. */
function connect(token: unknown, at = url, namespace = ADMIN_SOCKET_NAMESPACE) {
  const socket = io(`${at}${namespace}`, options(token));
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** The refusal of a handshake that must fail (its message and the code in its data). */
async function refused(token: unknown) {
  const error = await connect(token).then(
    () => null,
    (e: Error & { data?: { code?: string } }) => e,
  );
  expect(error, 'the handshake should have been refused').not.toBeNull();
  return { message: error!.message, code: error!.data?.code };
}

/** Everything that arrives on a channel, and a way to wait until `n` have. */
function collect<T>(socket: Socket, channel: string) {
  const seen: T[] = [];
  socket.on(channel, (event: T) => seen.push(event));
  return {
    seen,
    async atLeast(n: number, ms = 5000) {
      const until = Date.now() + ms;
      while (seen.length < n) {
        if (Date.now() > until) throw new Error(`only ${seen.length} of ${n} on ${channel}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return seen;
    },
  };
}

const post = (on: TestServer, path: string, who: { headers: Record<string, string> }, payload: object = {}) =>
  on.app.inject({ method: 'POST', url: path, headers: who.headers, payload });

/** The member's support room, created over HTTP. */
const supportRoomOf = async (on: TestServer, member: Member) =>
  (await post(on, '/api/chat/support', member)).json().data._id as string;

describe('the back office socket handshake', () => {
  it('refuses no session, a bad one, a member’s and a signed-out administrator’s', async () => {
    expect(await refused(undefined)).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });
    expect(await refused(42)).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });
    expect(await refused('not-a-token')).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });
    const member = await chatMember(server);
    expect(await refused(member.token)).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });

    const leaving = await createAdmin(server, 'support');
    await connect(leaving.token);
    expect((await post(server, '/api/admin/auth/logout', leaving)).statusCode).toBe(200);
    expect(await refused(leaving.token)).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });
  });

  it('lets in every role with chat.support, and refuses an administrator’s session on the members’ socket', async () => {
    for (const role of ['support', 'operator', 'owner'] as const) {
      const admin = role === 'support' ? support : await createAdmin(server, role);
      expect((await connect(admin.token)).connected).toBe(true);
    }
    await expect(connect(support.token, url, '/')).rejects.toThrow('unauthorized');
  });

  it('closes a disabled administrator’s desk at once and refuses it after', async () => {
    const owner = await createAdmin(server, 'owner');
    const leaving = await createAdmin(server, 'support');
    const socket = await connect(leaving.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const disabled = await post(server, `/api/admin/administrators/${leaving.user.id}/disable`, owner, {
      reason: 'Left the support team',
    });
    expect(disabled.statusCode).toBe(200);
    await server.eventsDelivered();
    expect(await closed).toBe('io server disconnect');
    expect(await refused(leaving.token)).toEqual({ message: 'unauthorized', code: 'UNAUTHORIZED' });
  });
});

describe('support room updates', () => {
  it('a member’s message to support reaches the desk; support’s answer reaches the member and the desk', async () => {
    const member = await chatMember(server, 'Desk Caller');
    const room = await supportRoomOf(server, member);
    const desk = await connect(support.token);
    const updates = collect<SupportRoomUpdate>(desk, SUPPORT_ROOM_UPDATE);

    const written = await send(server, member, room, { text: 'my wire has not arrived' });
    expect(written.statusCode).toBe(200);
    await server.eventsDelivered();
    const [first] = await updates.atLeast(1);
    expect(first).toEqual({
      chatRoom: room,
      memberId: member.user.id,
      assignedTo: null,
      recentMessage: {
        _id: written.json().data._id,
        text: 'my wire has not arrived',
        type: 'text',
        user: member.user.id,
        createdAt: written.json().data.createdAt,
      },
      updatedAt: written.json().data.createdAt,
    });

    // The member follows on the members' socket; support takes the room and answers over HTTP.
    const memberSocket = io(url, options(member.token));
    sockets.push(memberSocket);
    await new Promise((resolve, reject) => {
      memberSocket.once('connect', () => resolve(undefined));
      memberSocket.once('connect_error', reject);
    });
    const toMember = collect<ChatMessage>(memberSocket, CHAT_NEW_MESSAGE);
    const assigned = collect<SupportRoomAssigned>(desk, SUPPORT_ROOM_ASSIGNED);
    expect((await post(server, `/api/admin/chat/rooms/${room}/assign`, support)).statusCode).toBe(200);
    await server.eventsDelivered();
    expect(await assigned.atLeast(1)).toEqual([{ chatRoom: room, assignedTo: support.user.id }]);
    const reply = await post(server, `/api/admin/chat/rooms/${room}/messages`, support, { text: 'Looking now' });
    expect(reply.statusCode).toBe(200);
    await server.eventsDelivered();
    expect((await toMember.atLeast(1))[0]).toMatchObject({
      chatRoom: room,
      user: support.user.id,
      recipient: member.user.id,
      text: 'Looking now',
    });
    expect((await updates.atLeast(2))[1]).toMatchObject({
      chatRoom: room,
      memberId: member.user.id,
      assignedTo: support.user.id,
      recentMessage: { text: 'Looking now', user: support.user.id },
    });
  });

  it('never tells the desk of members’ own conversations', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    const direct = await roomOf(server, a, b);
    const desk = await connect(support.token);
    const updates = collect<SupportRoomUpdate>(desk, SUPPORT_ROOM_UPDATE);

    expect((await send(server, a, direct, { text: 'just between us' })).statusCode).toBe(200);
    await server.eventsDelivered();
    // A support message written after it arrives; by then the direct one would have too.
    const room = await supportRoomOf(server, b);
    expect((await send(server, b, room, { text: 'to support' })).statusCode).toBe(200);
    await server.eventsDelivered();
    await updates.atLeast(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(updates.seen.map((u) => u.recentMessage.text)).toEqual(['to support']);
    expect(JSON.stringify(updates.seen)).not.toContain(direct);
  });
});

describe('across processes (Redis)', async () => {
  const redis = await redisAnswers();
  const servers: TestServer[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    if (!redis) return;
    for (let i = 0; i < 2; i++) {
      const s = await startServer({ REDIS_URL: TEST_REDIS_URL });
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      servers.push(s);
      urls.push(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    // Open sockets would keep the servers from closing.
    for (const s of sockets) s.disconnect();
    await Promise.all(servers.map((s) => s.close()));
  });

  it.skipIf(!redis)('a member’s message written on one process reaches a desk held by the other', async () => {
    const [one, two] = servers as [TestServer, TestServer];
    const admin = await createAdmin(two, 'support');
    const desk = await connect(admin.token, urls[1]);
    const updates = collect<SupportRoomUpdate>(desk, SUPPORT_ROOM_UPDATE);
    const member = await chatMember(one, 'Far Away');
    const room = await supportRoomOf(one, member);
    expect((await send(one, member, room, { text: 'across processes' })).statusCode).toBe(200);
    await Promise.all([one.eventsDelivered(), two.eventsDelivered()]);
    const arrived = await updates.atLeast(1, 10_000);
    expect(arrived.find((u) => u.chatRoom === room)).toMatchObject({ recentMessage: { text: 'across processes' } });
  });
});
