import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  login,
  PASSWORD,
  randomIp,
  startServer,
  type TestServer,
} from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const info = (headers: Record<string, string> = {}) => server.app.inject({ url: '/api/user/info', headers });
const expect401 = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.unauthorized });
};

describe('bearer tokens', () => {
  it('answers 401 with no token, a malformed header or garbage', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'bearer abc',
      'Bearer abc.def.ghi',
      'Bearer x'.repeat(500),
    ]) {
      expect401(await info(authorization === undefined ? {} : { authorization }));
    }
  });

  it('answers 401 to a token signed with another key, unsigned, or naming another member', async () => {
    const member = await createLoggedInMember(server);
    const other = await createMember(server);
    const [, payload] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());

    const forged = await new SignJWT({ sid: claims.sid, kind: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-guessed-secret-that-is-long-enough-0123'));
    expect401(await info({ authorization: `Bearer ${forged}` }));

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect401(await info({ authorization: `Bearer ${header}.${payload}.` }));

    // The member's signature on a body that names someone else.
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: other.user.id })).toString('base64url');
    const [h, , s] = member.token.split('.');
    expect401(await info({ authorization: `Bearer ${h}.${swapped}.${s}` }));

    // The real token still works.
    expect((await info(member.headers)).statusCode).toBe(200);
  });

  it('is only as good as its session row: expired or revoked rows answer 401', async () => {
    const a = await createLoggedInMember(server);
    await server.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, a.user.id));
    expect401(await info(a.headers));

    const b = await createLoggedInMember(server);
    await server.db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.userId, b.user.id));
    expect401(await info(b.headers));
  });

  it('checks the token before the body: a stranger never gets a validation answer', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/user/edit', payload: { name: '' } });
    expect401(res);
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/user/edit',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect401(bad);
  });

  it('protects every member route', async () => {
    const routes: [string, string][] = [
      ['GET', '/api/user/info'],
      ['POST', '/api/user/edit'],
      ['POST', '/api/user/delete-account'],
      ['POST', '/api/user/update-profile-picture'],
      ['POST', '/api/user/logout/v2'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/storage/upload'],
      ['POST', '/api/storage/upload/base64'],
      ['GET', '/api/settings'],
      ['GET', '/api/notification'],
      ['POST', '/api/admin/settings/maintenance'],
      ['POST', '/api/admin/notifications'],
      ['GET', '/api/admin/outbox'],
      ['POST', '/api/admin/users/00000000-0000-7000-8000-000000000000/block'],
      ['POST', '/api/admin/users/00000000-0000-7000-8000-000000000000/unblock'],
    ];
    for (const [method, url] of routes) {
      const res = await server.app.inject({
        method: method as 'GET' | 'POST',
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe(messages.unauthorized);
    }
  });
});

describe('revoked sessions', () => {
  it('logout revokes this session at once and leaves the member’s other devices signed in', async () => {
    const { email, user } = await createMember(server);
    const phone = await login(server, email);
    const laptop = await login(server, email);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/user/logout/v2',
      payload: { fcmToken: 'device-token' },
      headers: phone.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.loggedOut });
    expect401(await info(phone.headers));
    expect((await info(laptop.headers)).statusCode).toBe(200);
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and revoked_at is not null`)).toBe(1);

    // Logging out twice is a 401, not an error.
    expect401(await server.app.inject({ method: 'POST', url: '/api/user/logout/v2', headers: phone.headers }));
  });

  it('logout works without a body', async () => {
    const member = await createLoggedInMember(server);
    const res = await server.app.inject({ method: 'POST', url: '/api/user/logout/v2', headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect401(await info(member.headers));
  });

  it('an administrator blocking a member revokes every session at once', async () => {
    const admin = await createAdmin(server);
    const { email, user } = await createMember(server);
    const one = await login(server, email);
    const two = await login(server, email);
    const res = await server.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/block`,
      payload: { reason: 'Chargeback' },
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect401(await info(one.headers));
    expect401(await info(two.headers));
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and revoked_at is null`)).toBe(0);
  });

  it('a member blocked in the database is refused even with a live session row', async () => {
    const member = await createLoggedInMember(server);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, member.user.id));
    expect401(await info(member.headers));
  });

  it('deleting the account revokes every session at once', async () => {
    const { email } = await createMember(server);
    const one = await login(server, email);
    const two = await login(server, email);
    const res = await server.app.inject({ method: 'POST', url: '/api/user/delete-account', headers: one.headers });
    expect(res.statusCode).toBe(200);
    expect401(await info(one.headers));
    expect401(await info(two.headers));
  });

  it('changing the password revokes every session, including the current one', async () => {
    const { email, user } = await createMember(server);
    const one = await login(server, email);
    const two = await login(server, email);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { oldPassword: PASSWORD, newPassword: 'Changed1!x' },
      headers: one.headers,
    });
    expect(res.statusCode).toBe(200);
    expect401(await info(one.headers));
    expect401(await info(two.headers));
    expect(await countRows(server, 'sessions', sql`user_id = ${user.id} and revoked_at is null`)).toBe(0);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Changed1!x' },
      remoteAddress: randomIp(),
    });
    expect(again.statusCode).toBe(200);
  });
});
