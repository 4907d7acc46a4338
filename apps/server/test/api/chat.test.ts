import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { CHAT_LIMITS } from '@vault/contract/schemas/chat';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { signedFileUrl } from '../../src/modules/storage/file-urls.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  IMAGES,
  startServer,
  type TestServer,
} from '../support.ts';
import { nameOf, sendForm, uploadRow } from '../upload-support.ts';
import { chatMember, EXE, officeFile, PDF, roomOf, send, zip } from './chat-support.ts';

/**
 * Chat (issue 15) through the HTTP API on the real server: rooms once per pair, the inbox with unread counts,
 * pages, hiding, the user search, blocks, the rate, attachments decided by content and private to the room,
 * the support room and the back office's support inbox. Another member's room is 404 everywhere.
 */
let server: TestServer;
let support: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startServer();
  support = await createAdmin(server, 'support');
});
afterAll(() => server.close());

const get = (url: string, who: { headers: Record<string, string> }) =>
  server.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, who: { headers: Record<string, string> }, payload: object = {}) =>
  server.app.inject({ method: 'POST', url, headers: who.headers, payload });
const NOT_FOUND = { code: 'NOT_FOUND', message: messages.notFound };

const upload = (member: { headers: Record<string, string> }, data: Uint8Array, filename: string, type = 'chat') =>
  sendForm(
    server,
    '/api/storage/upload',
    [
      { name: 'type', value: type },
      { name: 'file', data, filename, type: 'application/octet-stream' },
    ],
    member.headers,
  );

async function pair() {
  const [a, b] = await Promise.all([chatMember(server, 'Alice Chat'), chatMember(server, 'Bob Chat')]);
  return { a, b, room: await roomOf(server, a, b) };
}

describe('the membership data gate', () => {
  it('answers 403 to a member without membership data, on every chat call', async () => {
    const m = await createLoggedInMember(server);
    for (const url of ['/api/chat/room', '/api/user/search?keyword=a']) {
      const res = await get(url, m);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'MEMBERSHIP_REQUIRED', message: messages.fillGpaFirst });
    }
    expect((await post('/api/chat/support', m)).statusCode).toBe(403);
  });
});

describe('POST /api/chat/room/create', () => {
  it('makes one room per pair, also when both sides start it at the same moment', async () => {
    const [a, b] = await Promise.all([chatMember(server), chatMember(server)]);
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? roomOf(server, a, b) : roomOf(server, b, a))),
    );
    expect(new Set(ids).size).toBe(1);
    const key = a.user.id < b.user.id ? `${a.user.id}:${b.user.id}` : `${b.user.id}:${a.user.id}`;
    expect(await countRows(server, 'chat_rooms', sql`pair_key = ${key}`)).toBe(1);
    expect(await countRows(server, 'chat_room_members', sql`room_id = ${ids[0]}`)).toBe(2);
  });

  it('refuses oneself, unknown ids, administrators and blocked members (404 as unknown)', async () => {
    const a = await chatMember(server);
    const self = await post('/api/chat/room/create', a, { otherUserId: a.user.id });
    expect(self.statusCode).toBe(400);
    const blocked = await createMember(server, { isBlocked: true, gpaData: { displayName: 'x' } });
    for (const otherUserId of ['0190e7a0-0000-7000-8000-000000000000', support.user.id, blocked.user.id]) {
      const res = await post('/api/chat/room/create', a, { otherUserId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(NOT_FOUND);
    }
    expect((await post('/api/chat/room/create', a, { otherUserId: 'nope' })).statusCode).toBe(400);
  });

  it('answers the room with both members, their names and pictures, and nothing unread', async () => {
    const { a, b, room } = await pair();
    const res = await post('/api/chat/room/create', a, { otherUserId: b.user.id });
    expect(res.json().data).toMatchObject({
      _id: room,
      chatRoomId: room,
      kind: 'direct',
      unread: 0,
      recentMessage: null,
      readOnly: false,
      members: [
        { _id: a.user.id, name: 'Alice Chat', onlineStatus: false },
        { _id: b.user.id, name: 'Bob Chat', onlineStatus: false },
      ],
    });
    expect(JSON.stringify(res.json())).not.toContain('@');
  });
});

describe('messages over HTTP', () => {
  it('writes, lists the inbox newest first with unread counts, and reading the newest page marks read', async () => {
    const { a, b, room } = await pair();
    const c = await chatMember(server);
    const other = await roomOf(server, b, c);
    expect(
      (await send(server, a, room, { text: '  first  ', user: c.user.id, recipient: c.user.id })).json().data,
    ).toMatchObject({
      chatRoom: room,
      user: a.user.id,
      recipient: b.user.id,
      text: 'first',
      type: 'text',
      image: null,
      delivered: true,
    });
    await send(server, a, room, { text: 'second' });
    await send(server, c, other, { text: 'from c' });

    const inbox = (await get('/api/chat/room?page=1&limit=1000', b)).json();
    expect(inbox.data.map((r: { _id: string }) => r._id)).toEqual([other, room]);
    expect(inbox.data[1]).toMatchObject({ unread: 2, recentMessage: { text: 'second', user: a.user.id } });
    expect((await get('/api/chat/room', a)).json().data[0]).toMatchObject({ _id: room, unread: 0 });

    const page = (await get(`/api/chat/room/messages?chatRoom=${room}&page=1&limit=1`, b)).json();
    expect(page).toMatchObject({ page: 1, limit: 1, more: true, data: [{ text: 'second' }] });
    const older = (await get(`/api/chat/room/messages?chatRoom=${room}&before=${page.data[0]._id}`, b)).json();
    expect(older).toMatchObject({ more: false, data: [{ text: 'first' }] });
    expect((await get('/api/chat/room', b)).json().data[1]).toMatchObject({ _id: room, unread: 0 });
  });

  it('refuses empty texts and texts over the limit; the list limit is 1000', async () => {
    const { a, room } = await pair();
    const empty = await send(server, a, room, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: messages.chatMessageEmpty });
    expect((await send(server, a, room, { text: 'x'.repeat(CHAT_LIMITS.textMax + 1) })).statusCode).toBe(400);
    expect((await send(server, a, room, { text: 'x'.repeat(CHAT_LIMITS.textMax) })).statusCode).toBe(200);
    expect((await get('/api/chat/room?limit=1001', a)).statusCode).toBe(400);
  });

  it('answers 404 to a stranger on every call about the room, and writes nothing', async () => {
    const { a, room } = await pair();
    await send(server, a, room);
    const stranger = await chatMember(server);
    const calls = [
      get(`/api/chat/room/messages?chatRoom=${room}`, stranger),
      send(server, stranger, room),
      get(`/api/chat/user-delete/${room}`, stranger),
      post(`/api/chat/room/${room}/read`, stranger),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(NOT_FOUND);
    }
    expect(await countRows(server, 'chat_messages', sql`room_id = ${room}`)).toBe(1);
    // An administrator's desk is not a way into members' direct rooms either.
    expect((await get(`/api/admin/chat/rooms/${room}/messages`, support)).statusCode).toBe(404);
  });

  it('hides a room for the caller only; a new message brings it back', async () => {
    const { a, b, room } = await pair();
    await send(server, a, room);
    expect((await get(`/api/chat/user-delete/${room}`, b)).json()).toEqual({ message: messages.chatRoomDeleted });
    expect((await get('/api/chat/room', b)).json().data).toEqual([]);
    expect((await get('/api/chat/room', a)).json().data).toHaveLength(1);
    await send(server, a, room, { text: 'are you there?' });
    expect((await get('/api/chat/room', b)).json().data[0]).toMatchObject({ _id: room, deletedBy: [] });
  });

  it('stores a message sent again with its clientId once, even at the same moment; another room is 409', async () => {
    const { a, b, room } = await pair();
    const clientId = randomUUID();
    const body = { text: 'sent twice', clientId };
    const [first, second] = await Promise.all([send(server, a, room, body), send(server, a, room, body)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data._id).toBe(first.json().data._id);
    const again = await send(server, a, room, body);
    expect(again.json().data).toEqual(first.json().data);
    const listed = (await get(`/api/chat/room/messages?chatRoom=${room}`, b)).json().data as { text: string }[];
    expect(listed.filter((m) => m.text === 'sent twice')).toHaveLength(1);
    // The same id is another member's to use; in another room of the same sender it is refused.
    expect((await send(server, b, room, body)).statusCode).toBe(200);
    const c = await chatMember(server);
    const other = await roomOf(server, a, c);
    const refused = await send(server, a, other, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: messages.chatClientIdReused });
  });

  it('limits a member to 20 messages in 10 seconds, every room together', async () => {
    const { a, room } = await pair();
    const results = await Promise.all(
      Array.from({ length: CHAT_LIMITS.messagesPerWindow + 5 }, (_, i) => send(server, a, room, { text: `m${i}` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CHAT_LIMITS.messagesPerWindow);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(results.find((r) => r.statusCode === 429)!.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: messages.chatTooFast,
    });
  });
});

describe('GET /api/user/search', () => {
  it('finds contactable members by name or e-mail, answering only id, name and picture', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const me = await chatMember(server, `${tag} Me`);
    const found = await chatMember(server, `${tag} Found`);
    await createMember(server, { name: `${tag} Blocked`, isBlocked: true });
    await createMember(server, { name: `${tag} Deleted`, deletedAt: new Date() });
    await createMember(server, { name: `${tag} Unverified`, emailVerifiedAt: null });
    await createAdmin(server, 'support', `${tag}-admin@example.com`);
    const res = await get(`/api/user/search?keyword=${tag}`, me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [{ _id: found.user.id, name: `${tag} Found`, picture: null }],
      page: 1,
      limit: 30,
    });
    const byEmail = (await get(`/api/user/search?keyword=${found.email.split('@')[0]}`, me)).json();
    expect(byEmail.data).toEqual([{ _id: found.user.id, name: `${tag} Found`, picture: null }]);
    expect(JSON.stringify(byEmail)).not.toContain('@');
  });

  it('hides members who blocked the caller or whom the caller blocked', async () => {
    const tag = `zb${Date.now().toString(36)}`;
    const [a, b] = await Promise.all([chatMember(server, `${tag} A`), chatMember(server, `${tag} B`)]);
    expect((await get(`/api/user/search?keyword=${tag}`, a)).json().data).toHaveLength(1);
    expect((await post(`/api/chat/block/${b.user.id}`, a)).statusCode).toBe(200);
    expect((await get(`/api/user/search?keyword=${tag}`, a)).json().data).toEqual([]);
    expect((await get(`/api/user/search?keyword=${tag}`, b)).json().data).toEqual([]);
  });
});

describe('blocks and read-only rooms', () => {
  it('a block makes the room read-only both ways until it is lifted', async () => {
    const { a, b, room } = await pair();
    await send(server, a, room);
    expect((await post(`/api/chat/block/${a.user.id}`, b)).json()).toEqual({ message: messages.chatMemberBlocked });
    for (const [who, target] of [
      [a, room],
      [b, room],
    ] as const) {
      const res = await send(server, who, target);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CHAT_READ_ONLY', message: messages.chatReadOnly });
    }
    expect((await get('/api/chat/room', b)).json().data[0]).toMatchObject({ readOnly: true, blockedByMe: true });
    expect((await get('/api/chat/room', a)).json().data[0]).toMatchObject({ readOnly: true, blockedByMe: false });
    // Still readable.
    expect((await get(`/api/chat/room/messages?chatRoom=${room}`, a)).json().data).toHaveLength(1);
    const unblocked = await server.app.inject({
      method: 'DELETE',
      url: `/api/chat/block/${a.user.id}`,
      headers: b.headers,
    });
    expect(unblocked.json()).toEqual({ message: messages.chatMemberUnblocked });
    expect((await send(server, a, room)).statusCode).toBe(200);
  });

  it('a blocked or deleted member’s room is read-only', async () => {
    const { a, b, room } = await pair();
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, b.user.id));
    expect((await send(server, a, room)).statusCode).toBe(403);
    expect((await get('/api/chat/room', a)).json().data[0]).toMatchObject({ readOnly: true });
    await server.db.update(users).set({ isBlocked: false, deletedAt: new Date() }).where(eq(users.id, b.user.id));
    expect((await send(server, a, room)).json()).toMatchObject({ code: 'CHAT_READ_ONLY' });
  });

  it('blocking an unknown id is 404, oneself 400', async () => {
    const a = await chatMember(server);
    expect((await post('/api/chat/block/0190e7a0-0000-7000-8000-000000000000', a)).statusCode).toBe(404);
    expect((await post(`/api/chat/block/${a.user.id}`, a)).statusCode).toBe(400);
  });
});

describe('attachments (storage/upload type=chat)', () => {
  it('decides the type from the bytes: images, pdf and office files pass, anything else does not', async () => {
    const a = await chatMember(server);
    const cases: [Uint8Array, string, string][] = [
      [IMAGES.png, 'photo.png', 'image/png'],
      [IMAGES.jpeg, 'photo.jpg', 'image/jpeg'],
      [PDF, 'disguised.png', 'application/pdf'],
      [officeFile('docx'), 'letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [officeFile('pptx'), 'slides.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      [officeFile('xlsx'), 'sheet.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ];
    for (const [data, name, mime] of cases) {
      const res = await upload(a, data, name);
      expect(res.statusCode, name).toBe(200);
      const row = await uploadRow(server, res.json().url);
      expect(row).toMatchObject({ kind: 'chat', mime });
    }
    expect(nameOf((await upload(a, PDF, 'x.png')).json().url)).toMatch(/\.pdf$/);
    for (const [data, name] of [
      [EXE, 'setup.exe'],
      [Buffer.from('just some text'), 'notes.txt'],
      [zip({ 'a.txt': 'hi' }), 'fake.docx'],
      [IMAGES.gif, 'anim.gif'],
    ] as const) {
      const res = await upload(a, data, name);
      expect(res.statusCode, name).toBe(415);
      expect(res.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', message: 'Please select image only' });
    }
  });

  it('sends images and files; only the room’s members and administrators can open them', async () => {
    const { a, b, room } = await pair();
    const image = (await upload(a, IMAGES.png, 'p.png')).json().url as string;
    const file = (await upload(a, PDF, 'report.pdf')).json().url as string;
    const sentImage = (await send(server, a, room, { text: '', image, type: 'file' })).json().data;
    expect(sentImage).toMatchObject({ type: 'image', text: '' });
    const sentFile = (await send(server, a, room, { text: 'see', image: file, fileName: 'report.pdf' })).json().data;
    expect(sentFile).toMatchObject({ type: 'file', fileName: 'report.pdf', text: 'see' });

    const page = (await get(`/api/chat/room/messages?chatRoom=${room}`, b)).json().data;
    const forB = page[0].image as string;
    expect(forB.split('/')[4]).toBe(b.user.id);
    expect((await server.app.inject({ url: forB })).statusCode).toBe(200);

    const stored = `/uploads/${nameOf(image)}`;
    const stranger = await chatMember(server);
    expect((await server.app.inject({ url: signedFileUrl(stored, stranger.user.id) })).statusCode).toBe(404);
    expect((await server.app.inject({ url: signedFileUrl(stored, support.user.id) })).statusCode).toBe(200);

    // Another member's upload cannot be sent as one's own.
    const stolen = await send(server, b, room, { image, text: '' });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: messages.chatAttachmentUnknown });
  });
});

describe('support', () => {
  it('gives a member one support room, and the support inbox answers it', async () => {
    const member = await chatMember(server, 'Needs Help');
    const [first, again] = await Promise.all([post('/api/chat/support', member), post('/api/chat/support', member)]);
    const room = first.json().data._id as string;
    expect(again.json().data._id).toBe(room);
    expect(first.json().data).toMatchObject({ kind: 'support', members: [{ _id: member.user.id }] });
    // Not in the member-to-member inbox.
    expect((await get('/api/chat/room', member)).json().data).toEqual([]);

    expect((await send(server, member, room, { text: 'help please' })).json().data).toMatchObject({ recipient: null });
    const unassigned = (await get('/api/admin/chat/rooms?filter=unassigned&limit=200', support)).json();
    expect(unassigned.data.find((r: { _id: string }) => r._id === room)).toMatchObject({
      member: { _id: member.user.id, name: 'Needs Help', email: member.email },
      assignedTo: null,
      unanswered: 1,
      recentMessage: { text: 'help please' },
    });

    expect((await post(`/api/admin/chat/rooms/${room}/assign`, support)).json()).toEqual({
      message: messages.chatRoomAssigned,
    });
    const mine = (await get('/api/admin/chat/rooms?filter=mine', support)).json().data;
    expect(mine.map((r: { _id: string }) => r._id)).toContain(room);

    const reply = await post(`/api/admin/chat/rooms/${room}/messages`, support, { text: 'How can we help?' });
    expect(reply.json().data).toMatchObject({ user: support.user.id, recipient: member.user.id });
    const seen = (await get(`/api/chat/room/messages?chatRoom=${room}`, member)).json().data;
    expect(seen.map((m: { text: string }) => m.text)).toEqual(['help please', 'How can we help?']);
    expect((await send(server, member, room, { text: 'thanks' })).json().data).toMatchObject({
      recipient: support.user.id,
    });

    const desk = (await get(`/api/admin/chat/rooms/${room}/messages`, support)).json();
    expect(desk.data).toHaveLength(3);
    expect((await get(`/api/admin/chat/rooms/${room}/member`, support)).json().data).toMatchObject({
      _id: member.user.id,
      email: member.email,
      hasMembershipData: true,
      isBlocked: false,
    });
  });

  it('support replies with an attachment uploaded at the desk; the member can open it', async () => {
    const member = await chatMember(server);
    const room = (await post('/api/chat/support', member)).json().data._id as string;
    const up = await sendForm(
      server,
      '/api/admin/chat/upload',
      [{ name: 'file', data: PDF, filename: 'terms.pdf', type: 'application/pdf' }],
      support.headers,
    );
    expect(up.statusCode).toBe(200);
    const reply = await post(`/api/admin/chat/rooms/${room}/messages`, support, {
      image: up.json().url,
      fileName: 'terms.pdf',
    });
    expect(reply.json().data).toMatchObject({ type: 'file', fileName: 'terms.pdf' });
    const seen = (await get(`/api/chat/room/messages?chatRoom=${room}`, member)).json().data[0];
    expect((await server.app.inject({ url: seen.image })).statusCode).toBe(200);
  });

  it('the desk needs a back-office session with chat.support; another member’s room is 404', async () => {
    const member = await chatMember(server);
    expect((await get('/api/admin/chat/rooms', member)).statusCode).toBe(403);
    expect((await server.app.inject({ url: '/api/admin/chat/rooms' })).statusCode).toBe(401);
    const stranger = await chatMember(server);
    const room = (await post('/api/chat/support', member)).json().data._id as string;
    expect((await get(`/api/chat/room/messages?chatRoom=${room}`, stranger)).statusCode).toBe(404);
    expect((await send(server, stranger, room)).statusCode).toBe(404);
    for (const url of [
      `/api/admin/chat/rooms/${member.user.id}/messages`,
      `/api/admin/chat/rooms/${member.user.id}/member`,
    ]) {
      expect((await get(url, support)).statusCode).toBe(404);
    }
  });
});
