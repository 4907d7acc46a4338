import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer, uniqueEmail } from '../support.ts';

/**
 * Administrators (issue 11 item 3): owners list, create (the enrolment link answered once), change roles, make
 * new enrolment links and disable; never themselves; each change audited, with a reason where access changes.
 */
let server: TestServer;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let owner: Admin;
let operator: Admin;
let support: Admin;
beforeAll(async () => {
  server = await startServer();
  [owner, operator, support] = await Promise.all([
    createAdmin(server, 'owner'),
    createAdmin(server, 'operator'),
    createAdmin(server, 'support'),
  ]);
});
afterAll(() => server.close());

const call = (as: { headers: object } | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: (as?.headers ?? {}) as Record<string, string>, payload });
const lastAudit = async (action: string, targetId: string) =>
  (
    await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('administrators', () => {
  it('are for owners only', async () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/administrators'],
      ['POST', '/api/admin/administrators', { email: uniqueEmail('x'), role: 'support' }],
      ['POST', `/api/admin/administrators/${support.user.id}/role`, { role: 'operator', reason: 'promotion' }],
      ['POST', `/api/admin/administrators/${support.user.id}/enrolment-link`],
      ['POST', `/api/admin/administrators/${support.user.id}/disable`, { reason: 'left the company' }],
    ];
    const member = await createLoggedInMember(server);
    for (const [method, url, payload] of routes) {
      for (const admin of [operator, support])
        expect((await call(admin, method, url, payload)).statusCode, url).toBe(403);
      expect((await call(member, method, url, payload)).statusCode, url).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
    }
  });

  it('lists every administrator with role, enrolment, disabling and last sign-in', async () => {
    const res = await call(owner, 'GET', '/api/admin/administrators');
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((a: { id: string }) => a.id === owner.user.id);
    expect(mine).toMatchObject({ email: owner.email, name: 'Test Admin', role: 'owner', disabledAt: null });
    expect(mine.enrolledAt).toEqual(expect.any(String));
    // Enrolment signed them in: a session of kind admin.
    expect(mine.lastSignInAt).toEqual(expect.any(String));
  });

  it('creates one and answers the one-time enrolment link, audited; an e-mail in use is 409', async () => {
    const email = uniqueEmail('new-admin');
    const res = await call(owner, 'POST', '/api/admin/administrators', {
      email: email.toUpperCase(),
      role: 'operator',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toMatchObject({ email, role: 'operator' });
    expect(data.link).toMatch(/\/admin\/enrol#token=[\w-]{20,}$/);
    expect(await lastAudit('admin.create', data.id)).toMatchObject({ actorId: owner.user.id });
    const listed = (await call(owner, 'GET', '/api/admin/administrators')).json().data;
    expect(listed.find((a: { id: string }) => a.id === data.id)).toMatchObject({
      enrolledAt: null,
      lastSignInAt: null,
    });
    // The link works: enrolment starts with it.
    const token = data.link.split('#token=')[1];
    expect((await call(null, 'POST', '/api/admin/auth/enrol/start', { token })).statusCode).toBe(200);

    // A new link replaces it (not enrolled yet).
    const again = await call(owner, 'POST', `/api/admin/administrators/${data.id}/enrolment-link`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.link).not.toBe(data.link);
    expect((await call(null, 'POST', '/api/admin/auth/enrol/start', { token })).statusCode).toBe(400);
    expect(await lastAudit('admin.enrolment-link', data.id)).toBeTruthy();

    const taken = await call(owner, 'POST', '/api/admin/administrators', { email, role: 'support' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const bad = await call(owner, 'POST', '/api/admin/administrators', { email: 'nope', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['email', 'role']);
  });

  it('refuses a new link to one who enrolled already', async () => {
    const res = await call(owner, 'POST', `/api/admin/administrators/${support.user.id}/enrolment-link`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/enrolled already/);
  });

  it('changes a role with a reason, at once, audited from and to', async () => {
    const admin = await createAdmin(server, 'support');
    expect((await call(admin, 'GET', '/api/admin/ledger/entries')).statusCode).toBe(200);
    expect((await call(admin, 'POST', '/api/admin/notifications', {})).statusCode).toBe(403);
    const noReason = await call(owner, 'POST', `/api/admin/administrators/${admin.user.id}/role`, { role: 'operator' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['reason']);
    const res = await call(owner, 'POST', `/api/admin/administrators/${admin.user.id}/role`, {
      role: 'operator',
      reason: 'Now decides requests',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('operator');
    expect((await lastAudit('admin.role', admin.user.id))!.details).toEqual({
      from: 'support',
      to: 'operator',
      reason: 'Now decides requests',
    });
    // Their session has the new role from the next call.
    expect((await call(admin, 'GET', '/api/admin/auth/me')).json().role).toBe('operator');
    expect((await call(admin, 'POST', '/api/admin/notifications', {})).statusCode).toBe(400);
    expect(
      (
        await call(owner, 'POST', '/api/admin/administrators/00000000-0000-7000-8000-000000000000/role', {
          role: 'owner',
          reason: 'nobody',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('disables with a reason: sessions end at once, audited', async () => {
    const admin = await createAdmin(server, 'operator');
    const res = await call(owner, 'POST', `/api/admin/administrators/${admin.user.id}/disable`, {
      reason: 'Left the team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.disabledAt).toEqual(expect.any(String));
    expect((await call(admin, 'GET', '/api/admin/auth/me')).statusCode).toBe(401);
    expect((await lastAudit('admin.disable', admin.user.id))!.details).toEqual({ reason: 'Left the team' });
    const twice = await call(owner, 'POST', `/api/admin/administrators/${admin.user.id}/disable`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    const role = await call(owner, 'POST', `/api/admin/administrators/${admin.user.id}/role`, {
      role: 'owner',
      reason: 'try',
    });
    expect(role.statusCode).toBe(409);
  });

  it('never lets an owner disable or demote themselves', async () => {
    const disable = await call(owner, 'POST', `/api/admin/administrators/${owner.user.id}/disable`, { reason: 'oops' });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().message).toBe('You cannot disable yourself: ask another owner.');
    const demote = await call(owner, 'POST', `/api/admin/administrators/${owner.user.id}/role`, {
      role: 'support',
      reason: 'oops',
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('You cannot change the role of yourself: ask another owner.');
    expect((await call(owner, 'GET', '/api/admin/auth/me')).json().role).toBe('owner');
  });
});
