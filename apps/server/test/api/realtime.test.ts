import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdmin,
  createLoggedInMember,
  randomIp,
  redisAnswers,
  requestResetCode,
  startServer,
  TEST_REDIS_URL,
  type TestServer,
} from '../support.ts';

const REDIS_URL = TEST_REDIS_URL;

let server: TestServer;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const sockets: Socket[] = [];

async function listen(s: TestServer) {
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = await startServer();
  baseUrl = await listen(server);
  admin = await createAdmin(server);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

function open(url: string, token?: string) {
  const socket = io(url, {
    path: '/socket.io',
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  sockets.push(socket);
  return socket;
}

/** Resolves once connected; rejects with the connect_error message. */
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });

/** The next message on a channel, or a timeout error. */
const next = <T = Record<string, unknown>>(socket: Socket, channel: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${channel} within ${ms} ms`)), ms);
    socket.once(channel, (message: T) => {
      clearTimeout(timer);
      resolve(message);
    });
  });

/** Everything a socket receives, on any channel. */
function recorder(socket: Socket) {
  const seen: { channel: string; args: unknown[] }[] = [];
  socket.onAny((channel: string, ...args: unknown[]) => seen.push({ channel, args }));
  return seen;
}

const disconnected = (socket: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const notify = (s: TestServer, headers: Record<string, string>, userId: string, message: string) =>
  s.app.inject({ method: 'POST', url: '/api/admin/notifications', payload: { userId, message }, headers });
const block = (s: TestServer, headers: Record<string, string>, userId: string, reason: string) =>
  s.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/block`, payload: { reason }, headers });

describe('realtime gateway', () => {
  it('refuses a connection without a token, with garbage, or with a revoked session', async () => {
    await expect(connected(open(baseUrl))).rejects.toThrow('unauthorized');
    await expect(connected(open(baseUrl, 'not-a-jwt'))).rejects.toThrow('unauthorized');

    const member = await createLoggedInMember(server);
    await server.app.inject({ method: 'POST', url: '/api/user/logout/v2', payload: {}, headers: member.headers });
    await expect(connected(open(baseUrl, member.token))).rejects.toThrow('unauthorized');
  });

  it('a reset token does not open a socket', async () => {
    const member = await createLoggedInMember(server);
    const code = await requestResetCode(server, member.email);
    const pin = await server.app.inject({
      method: 'POST',
      url: '/api/auth/verify-pin',
      payload: { email: member.email, code },
      remoteAddress: randomIp(),
    });
    expect(pin.statusCode).toBe(200);
    await expect(connected(open(baseUrl, pin.json().authToken))).rejects.toThrow('unauthorized');
  });

  it('delivers a notification on the channel named by the member’s e-mail, to that member only', async () => {
    const member = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    const mine = open(baseUrl, member.token);
    const theirs = open(baseUrl, other.token);
    await Promise.all([connected(mine), connected(theirs)]);
    const seenByOther = recorder(theirs);
    // A client may announce any user id: the room was chosen from the token and stays so.
    theirs.emit('user-connect', { userId: member.user.id });
    await new Promise((r) => setTimeout(r, 100));

    const arriving = next(mine, member.email);
    const res = await notify(server, admin.headers, member.user.id, 'Your statement is ready');
    expect(res.statusCode).toBe(200);
    const message = await arriving;
    expect(message).toMatchObject({
      type: 'notification',
      user: { _id: member.user.id, email: member.email },
      notification: { message: 'Your statement is ready' },
    });

    await new Promise((r) => setTimeout(r, 300));
    expect(seenByOther).toEqual([]);
  });

  it('tells a member they are blocked, with the reason, then disconnects them', async () => {
    const member = await createLoggedInMember(server);
    const other = await createLoggedInMember(server);
    const socket = open(baseUrl, member.token);
    const bystander = open(baseUrl, other.token);
    await Promise.all([connected(socket), connected(bystander)]);
    const seenByOther = recorder(bystander);

    const arriving = next(socket, member.email);
    const gone = disconnected(socket);
    const res = await block(server, admin.headers, member.user.id, 'Suspicious activity');
    expect(res.statusCode).toBe(200);
    expect(await arriving).toMatchObject({
      type: 'userBlocked',
      user: { _id: member.user.id, email: member.email },
      blockReason: 'Suspicious activity',
    });
    expect(await gone).toBe('io server disconnect');

    // The blocked member cannot come back; the bystander heard nothing and is still connected.
    await expect(connected(open(baseUrl, member.token))).rejects.toThrow('unauthorized');
    expect(seenByOther).toEqual([]);
    expect(bystander.connected).toBe(true);
  });

  it('disconnects every socket of a member who deletes their account', async () => {
    const member = await createLoggedInMember(server);
    const socket = open(baseUrl, member.token);
    await connected(socket);
    const gone = disconnected(socket);
    await server.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: member.headers });
    expect(await gone).toBe('io server disconnect');
  });
});

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`[realtime.test] skipping the two-server test: no Redis answers at ${REDIS_URL}`);

describe('scale beyond one machine (DESIGN.md)', () => {
  it.skipIf(!redisUp)('an event caused through server A reaches a client connected to server B', async () => {
    const a = await startServer({ REDIS_URL });
    const b = await startServer({ REDIS_URL });
    try {
      const [, urlB] = await Promise.all([listen(a), listen(b)]);
      const adminA = await createAdmin(a);
      const member = await createLoggedInMember(a);
      const socket = open(urlB, member.token);
      await connected(socket);
      // Give B's adapter a moment to subscribe to the room's Redis channel.
      await new Promise((r) => setTimeout(r, 200));

      const note = next(socket, member.email);
      expect((await notify(a, adminA.headers, member.user.id, 'Sent from A')).statusCode).toBe(200);
      expect(await note).toMatchObject({ type: 'notification', notification: { message: 'Sent from A' } });

      const blocked = next(socket, member.email);
      const gone = disconnected(socket);
      expect((await block(a, adminA.headers, member.user.id, 'Blocked on A')).statusCode).toBe(200);
      expect(await blocked).toMatchObject({ type: 'userBlocked', blockReason: 'Blocked on A' });
      expect(await gone).toBe('io server disconnect');
    } finally {
      for (const s of sockets) s.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });
});
