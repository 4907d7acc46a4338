import { messages } from '@vault/contract/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, users } from '../../src/db/schema.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  login,
  PASSWORD,
  randomIp,
  requestResetCode,
  startServer,
  type TestServer,
} from '../support.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startServer();
  admin = await createAdmin(server);
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Headers = admin.headers) =>
  server.app.inject({ method, url, payload: payload as object, headers });
const lastAudit = async (action: string, targetId?: string) =>
  (
    await server.db
      .select()
      .from(auditLog)
      .where(targetId ? and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)) : eq(auditLog.action, action))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];

describe('admin routes are for administrators only', () => {
  it('answers 403 to a member on every admin route, and changes nothing', async () => {
    const member = await createLoggedInMember(server);
    const target = await createMember(server);
    const routes: ['GET' | 'POST', string, unknown][] = [
      ['POST', `/api/admin/users/${target.user.id}/block`, { reason: 'x' }],
      ['POST', `/api/admin/users/${target.user.id}/unblock`, undefined],
      ['POST', '/api/admin/notifications', { userId: target.user.id, message: 'hi' }],
      ['POST', '/api/admin/settings/maintenance', { maintenance: true }],
      ['GET', '/api/admin/outbox', undefined],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, payload, member.headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.isBlocked).toBe(false);
    expect(await countRows(server, 'notifications', sql`user_id = ${target.user.id}`)).toBe(0);
    expect(await countRows(server, 'audit_log', sql`actor_id = ${member.user.id}`)).toBe(0);
  });
});

describe('block and unblock', () => {
  it('blocks a member: sessions end, login is refused with the reason, an audit row is written', async () => {
    const target = await createLoggedInMember(server);
    const res = await call('POST', `/api/admin/users/${target.user.id}/block`, { reason: '  Unpaid fees  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userBlockedByAdmin });

    const [row] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row).toMatchObject({ isBlocked: true, blockReason: 'Unpaid fees' });
    expect((await server.app.inject({ url: '/api/user/info', headers: target.headers })).statusCode).toBe(401);
    const relogin = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(relogin.statusCode).toBe(403);
    expect(relogin.json().message).toBe('Your account has been blocked: Unpaid fees');
    expect(relogin.json().message).toContain('blocked');
    expect(await lastAudit('user.block', target.user.id)).toMatchObject({
      actorId: admin.user.id,
      details: { reason: 'Unpaid fees' },
    });

    const unblock = await call('POST', `/api/admin/users/${target.user.id}/unblock`);
    expect(unblock.statusCode).toBe(200);
    expect(unblock.json()).toEqual({ message: messages.userUnblockedByAdmin });
    const [after] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(after).toMatchObject({ isBlocked: false, blockReason: null });
    await expect(login(server, target.email)).resolves.toHaveProperty('token');
    expect(await lastAudit('user.unblock', target.user.id)).toMatchObject({ actorId: admin.user.id });
  });

  it('a blocked member cannot ask for a reset code either', async () => {
    const target = await createMember(server);
    await requestResetCode(server, target.email);
    await call('POST', `/api/admin/users/${target.user.id}/block`, { reason: 'Review' });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: target.email },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account has been blocked: Review');
  });

  it('answers 404 for an unknown or deleted member and 400 for a malformed id or reason', async () => {
    const unknown = await call('POST', '/api/admin/users/00000000-0000-7000-8000-000000000000/block', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: messages.notFound });

    const gone = await createMember(server, { deletedAt: new Date() });
    const deleted = await call('POST', `/api/admin/users/${gone.user.id}/block`, { reason: 'x' });
    expect(deleted.statusCode).toBe(404);

    const badId = await call('POST', '/api/admin/users/123/block', { reason: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().code).toBe('VALIDATION');

    const target = await createMember(server);
    for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await call('POST', `/api/admin/users/${target.user.id}/block`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('reason');
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, target.user.id));
    expect(row!.isBlocked).toBe(false);
  });
});

describe('maintenance', () => {
  it('switches the public maintenance flag on and off, with an audit row', async () => {
    const on = await call('POST', '/api/admin/settings/maintenance', { maintenance: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: messages.maintenanceUpdated });
    try {
      expect((await server.app.inject({ url: '/api/settings/get-maintenance' })).json()).toEqual({ maintenance: true });
      const member = await createLoggedInMember(server);
      expect((await server.app.inject({ url: '/api/settings', headers: member.headers })).json().maintenance).toBe(
        true,
      );
      expect(await lastAudit('settings.maintenance')).toMatchObject({
        actorId: admin.user.id,
        details: { maintenance: true },
      });
    } finally {
      const off = await call('POST', '/api/admin/settings/maintenance', { maintenance: false });
      expect(off.statusCode).toBe(200);
    }
    expect((await server.app.inject({ url: '/api/settings/get-maintenance' })).json()).toEqual({ maintenance: false });
  });

  it('takes a boolean only', async () => {
    for (const payload of [{}, { maintenance: 'yes' }, { maintenance: 1 }]) {
      const res = await call('POST', '/api/admin/settings/maintenance', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});

describe('notifications', () => {
  it('sends a notification to one member, listed for them and nobody else', async () => {
    const target = await createLoggedInMember(server);
    const bystander = await createLoggedInMember(server);
    const res = await call('POST', '/api/admin/notifications', {
      userId: target.user.id,
      message: '  Your statement is ready  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notification sent' });

    const rows = await server.db.select().from(notifications).where(eq(notifications.userId, target.user.id));
    expect(rows.map((r) => r.message)).toEqual(['Your statement is ready']);
    const list = await server.app.inject({ url: '/api/notification', headers: target.headers });
    expect(list.json().data.map((n: { message: string }) => n.message)).toEqual(['Your statement is ready']);
    const theirs = await server.app.inject({ url: '/api/notification', headers: bystander.headers });
    expect(theirs.json()).toMatchObject({ data: [], total: 0 });
    expect(await lastAudit('notification.send', target.user.id)).toMatchObject({ actorId: admin.user.id });
  });

  it('validates the member id and the message', async () => {
    const target = await createMember(server);
    const unknown = await call('POST', '/api/admin/notifications', {
      userId: '00000000-0000-7000-8000-000000000000',
      message: 'hi',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.notFound);
    for (const payload of [
      { userId: 'nope', message: 'hi' },
      { userId: target.user.id, message: ' ' },
      { userId: target.user.id },
    ]) {
      const res = await call('POST', '/api/admin/notifications', payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await countRows(server, 'notifications', sql`user_id = ${target.user.id}`)).toBe(0);
  });
});

describe('outbox', () => {
  it('shows the mails sent to an address, newest first', async () => {
    const target = await createMember(server);
    const code = await requestResetCode(server, target.email);
    const res = await call('GET', `/api/admin/outbox?to=${encodeURIComponent(target.email.toUpperCase())}&limit=5`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ to: target.email, kind: 'reset-code', subject: 'Your password reset code' });
    expect(data[0].text).toContain(code);

    for (const query of ['limit=0', 'limit=201', 'limit=x']) {
      const bad = await call('GET', `/api/admin/outbox?${query}`);
      expect(bad.statusCode, query).toBe(400);
    }
  });
});
