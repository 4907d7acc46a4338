import type { AddressInfo } from 'node:net';
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
} from '@vault/contract/realtime';
import type { ChatMessage } from '@vault/contract/schemas/chat';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createLoggedInMember,
  redisAnswers,
  startServer,
  TEST_REDIS_URL,
  type TestServer,
} from '../support.ts';
import { chatMember, type Member, roomOf, send } from './chat-support.ts';

/**
 * Chat over socket.io (issue 15 item 2): the sender is the socket's member whatever the payload says; a
 * stranger can neither join nor write; new-message and recent-room-update reach both members; presence; resync
 * after a reconnect with no message lost or doubled.
 */
let server: TestServer;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

async function connect(member: Member, at = url) {
  const socket = io(at, {
    path: '/socket.io',
    auth: { token: member.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
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

type Ack = { ok: boolean; data?: unknown; code?: string; message?: string };
const ask = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack>;

describe('add-message', () => {
  it('is written as the socket’s member, whatever user the payload names, and reaches both members', async () => {
    const [a, b, c] = await Promise.all([chatMember(server), chatMember(server), chatMember(server)]);
    const room = await roomOf(server, a, b);
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const bNew = collect<ChatMessage>(sb, CHAT_NEW_MESSAGE);
    const aNew = collect<ChatMessage>(sa, CHAT_NEW_MESSAGE);
    const bRecent = collect<{ chatRoom: string }>(sb, CHAT_RECENT_ROOM_UPDATE);

    const ack = await ask(sa, CHAT_ADD_MESSAGE, {
      chatRoom: room,
      text: 'hi over the socket',
      user: c.user.id,
      recipient: c.user.id,
      type: 'text',
      fileName: null,
      image: null,
    });
    expect(ack).toMatchObject({
      ok: true,
      data: { user: a.user.id, recipient: b.user.id, text: 'hi over the socket' },
    });
    await server.eventsDelivered();
    const [got] = await bNew.atLeast(1);
    expect(got).toMatchObject({ _id: (ack.data as ChatMessage)._id, user: a.user.id, chatRoom: room });
    await aNew.atLeast(1);
    expect((await bRecent.atLeast(1))[0]).toMatchObject({
      chatRoom: room,
      recentMessage: { text: 'hi over the socket' },
    });
  });

  it('refuses a stranger: join-room and add-message answer not found, nothing is written', async () => {
    const [a, b, stranger] = await Promise.all([chatMember(server), chatMember(server), chatMember(server)]);
    const room = await roomOf(server, a, b);
    const s = await connect(stranger);
    expect(await ask(s, CHAT_JOIN_ROOM, { chatRoom: room })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await ask(s, CHAT_ADD_MESSAGE, { chatRoom: room, text: 'let me in' })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await ask(s, CHAT_RESYNC, { rooms: [{ chatRoom: room, after: null }] })).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
    });
    expect(await countRows(server, 'chat_messages', sql`room_id = ${room}`)).toBe(0);
    const member = await connect(a);
    expect(await ask(member, CHAT_JOIN_ROOM, { chatRoom: room })).toEqual({ ok: true });
  });

  it('checks payloads, the rules and the membership gate like HTTP', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    const room = await roomOf(server, a, b);
    const s = await connect(a);
    expect(await ask(s, CHAT_ADD_MESSAGE, { chatRoom: 'nope', text: 'x' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await ask(s, CHAT_ADD_MESSAGE, { chatRoom: room, text: '   ' })).toMatchObject({
      ok: false,
      message: messages.chatMessageEmpty,
    });
    expect(await ask(s, CHAT_ADD_MESSAGE, 'garbage')).toMatchObject({ ok: false, code: 'VALIDATION' });
    const ungated = await connect(await createLoggedInMember(server));
    expect(await ask(ungated, CHAT_ADD_MESSAGE, { chatRoom: room, text: 'x' })).toMatchObject({
      ok: false,
      code: 'MEMBERSHIP_REQUIRED',
    });
  });
});

describe('presence', () => {
  it('tells the members one shares a room with when one comes online and goes offline', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    const room = await roomOf(server, a, b);
    const sa = await connect(a);
    const online = collect<{ userId: string; onlineStatus: boolean }>(sa, CHAT_USER_ONLINE);
    const offline = collect<{ userId: string; onlineStatus: boolean }>(sa, CHAT_USER_OFFLINE);
    const sb = await connect(b);
    expect((await online.atLeast(1))[0]).toEqual({ userId: b.user.id, onlineStatus: true });
    const listed = await server.app.inject({ url: '/api/chat/room', headers: a.headers });
    expect(listed.json().data.find((r: { _id: string }) => r._id === room).members[1]).toMatchObject({
      _id: b.user.id,
      onlineStatus: true,
    });
    sb.disconnect();
    expect((await offline.atLeast(1))[0]).toEqual({ userId: b.user.id, onlineStatus: false });
  });
});

describe('blocks', () => {
  it('tells both members when one blocks or unblocks the other, so their room turns read-only live', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    await roomOf(server, a, b);
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const toA = collect<{ userId: string }>(sa, CHAT_ROOM_CHANGED);
    const toB = collect<{ userId: string }>(sb, CHAT_ROOM_CHANGED);
    const blocked = await server.app.inject({
      method: 'POST',
      url: `/api/chat/block/${b.user.id}`,
      headers: a.headers,
    });
    expect(blocked.statusCode).toBe(200);
    await server.eventsDelivered();
    expect((await toA.atLeast(1))[0]).toEqual({ userId: b.user.id });
    expect((await toB.atLeast(1))[0]).toEqual({ userId: a.user.id });
    const lifted = await server.app.inject({
      method: 'DELETE',
      url: `/api/chat/block/${b.user.id}`,
      headers: a.headers,
    });
    expect(lifted.statusCode).toBe(200);
    await server.eventsDelivered();
    await toB.atLeast(2);
  });
});

describe('resync after a reconnect', () => {
  it('answers every message after the cursor, in order, none twice', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    const room = await roomOf(server, a, b);
    let sb = await connect(b);
    const held: ChatMessage[] = [];
    sb.on(CHAT_NEW_MESSAGE, (m: ChatMessage) => held.push(m));
    for (const text of ['one', 'two']) await send(server, a, room, { text });
    await server.eventsDelivered();
    const until = Date.now() + 5000;
    while (held.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(held.map((m) => m.text)).toEqual(['one', 'two']);

    sb.disconnect();
    // Written while b is away, some of them at the same moment.
    await Promise.all(['three', 'four', 'five'].map((text) => send(server, a, room, { text })));
    await send(server, a, room, { text: 'six' });

    sb = await connect(b);
    const last = held[held.length - 1]!;
    const answer = await ask(sb, CHAT_RESYNC, {
      rooms: [{ chatRoom: room, after: { _id: last._id, createdAt: last.createdAt } }],
    });
    expect(answer.ok).toBe(true);
    const [resynced] = (answer.data as { rooms: { chatRoom: string; messages: ChatMessage[]; more: boolean }[] }).rooms;
    const merged = [...held, ...resynced!.messages];
    expect(new Set(merged.map((m) => m._id)).size).toBe(6);
    expect(merged.map((m) => m.text).slice(0, 2)).toEqual(['one', 'two']);
    expect(
      merged
        .map((m) => m.text)
        .slice(2)
        .sort(),
    ).toEqual(['five', 'four', 'six', 'three']);
    expect(resynced!.messages[3]!.text).toBe('six');
    expect(resynced!.more).toBe(false);
    // The order is the page's order too.
    const page = (
      await server.app.inject({ url: `/api/chat/room/messages?chatRoom=${room}`, headers: b.headers })
    ).json();
    expect(page.data.map((m: ChatMessage) => m._id)).toEqual(merged.map((m) => m._id));

    // From nothing: the whole room.
    const all = await ask(sb, CHAT_RESYNC, { rooms: [{ chatRoom: room, after: null }] });
    expect((all.data as { rooms: { messages: unknown[] }[] }).rooms[0]!.messages).toHaveLength(6);
  });
});

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('across two server processes sharing Redis', () => {
  const servers: TestServer[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const s = await startServer({ REDIS_URL: TEST_REDIS_URL });
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      servers.push(s);
      urls.push(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(servers.map((s) => s.close()));
  });

  it('a message written on one process reaches the other member on the other; presence is shared', async () => {
    const [one, two] = servers as [TestServer, TestServer];
    const [a, b] = await Promise.all([chatMember(one), chatMember(one)]);
    const room = await roomOf(one, a, b);
    const sa = await connect(a, urls[0]);
    const online = collect<{ userId: string }>(sa, CHAT_USER_ONLINE);
    const sb = await connect(b, urls[1]);
    expect((await online.atLeast(1, 10_000))[0]).toMatchObject({ userId: b.user.id });
    // Process one sees b online though b's socket is on process two.
    const listed = await one.app.inject({ url: '/api/chat/room', headers: a.headers });
    expect(listed.json().data[0].members[1]).toMatchObject({ _id: b.user.id, onlineStatus: true });

    const arrived = collect<ChatMessage>(sb, CHAT_NEW_MESSAGE);
    const ack = await ask(sa, CHAT_ADD_MESSAGE, { chatRoom: room, text: 'across processes' });
    expect(ack.ok).toBe(true);
    await Promise.all([one.eventsDelivered(), two.eventsDelivered()]);
    expect((await arrived.atLeast(1, 10_000))[0]).toMatchObject({ text: 'across processes', user: a.user.id });
  });
});
