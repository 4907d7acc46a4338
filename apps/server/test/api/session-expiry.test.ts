import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { createAdmin, createLoggedInMember, memberSocket, startServer, type TestServer } from '../support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const info = (headers: Record<string, string>) => server.app.inject({ url: '/api/user/info', headers });
const outbox = (headers: Record<string, string>) => server.app.inject({ url: '/api/admin/outbox', headers });
const expect401 = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: messages.unauthorized });
};

/** Moves the member's sessions' last call `ago` into the past (an SQL interval, e.g. '31 minutes'). */
const lastSeen = (userId: string, ago: string) =>
  server.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - ${ago}::interval` })
    .where(eq(sessions.userId, userId));
const sessionOf = async (userId: string) =>
  (await server.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;
const secondsAgo = (date: Date) => (Date.now() - date.getTime()) / 1000;

describe(`idle sessions (members ${LIMITS.sessionIdleMinutes} min, administrators ${LIMITS.adminSessionIdleMinutes} min)`, () => {
  it('a member idle 31 minutes is logged out', async () => {
    const member = await createLoggedInMember(server);
    await lastSeen(member.user.id, '31 minutes');
    expect401(await info(member.headers));
  });

  it('a member idle 29 minutes is still in, and the call marks the session seen', async () => {
    const member = await createLoggedInMember(server);
    await lastSeen(member.user.id, '29 minutes');
    expect((await info(member.headers)).statusCode).toBe(200);
    expect(secondsAgo((await sessionOf(member.user.id)).lastSeenAt)).toBeLessThan(10);
    // Seen again, so another 29 minutes later the session still works.
    await lastSeen(member.user.id, '29 minutes');
    expect((await info(member.headers)).statusCode).toBe(200);
  });

  it('writes last_seen_at at most once a minute, not on every call', async () => {
    const member = await createLoggedInMember(server);
    await lastSeen(member.user.id, '30 seconds');
    const before = (await sessionOf(member.user.id)).lastSeenAt;
    for (let i = 0; i < 3; i++) expect((await info(member.headers)).statusCode).toBe(200);
    expect((await sessionOf(member.user.id)).lastSeenAt).toEqual(before);
  });

  it('an administrator idle 16 minutes is logged out, 14 minutes is still in', async () => {
    const admin = await createAdmin(server);
    await lastSeen(admin.user.id, '14 minutes');
    expect((await outbox(admin.headers)).statusCode).toBe(200);
    await lastSeen(admin.user.id, '16 minutes');
    expect401(await outbox(admin.headers));
    expect401(await info(admin.headers));
  });

  it('the socket handshake refuses an idle session', async () => {
    const member = await createLoggedInMember(server);
    await lastSeen(member.user.id, '31 minutes');
    await expect(memberSocket(server, member)).rejects.toThrow();
  });
});

describe('absolute session lifetime', () => {
  it(`a member's session lasts ${LIMITS.sessionTtlDays} days, an administrator's ${LIMITS.adminSessionTtlHours} hours`, async () => {
    const member = await createLoggedInMember(server);
    const admin = await createAdmin(server);
    const hours = async (userId: string) => {
      const row = await sessionOf(userId);
      return (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    };
    expect(await hours(member.user.id)).toBeCloseTo(LIMITS.sessionTtlDays * 24, 1);
    expect(await hours(admin.user.id)).toBeCloseTo(LIMITS.adminSessionTtlHours, 1);
  });

  it('a session in use all along still ends at its absolute bound, for the role the member has now', async () => {
    const member = await createLoggedInMember(server);
    await server.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '${sql.raw(String(LIMITS.sessionTtlDays))} days 1 minute'` })
      .where(eq(sessions.userId, member.user.id));
    expect401(await info(member.headers));

    // An administrator's session is over after its hours even when its row would still allow days
    // (a member promoted to administrator gets the shorter bound at once).
    const admin = await createAdmin(server);
    await server.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '${sql.raw(String(LIMITS.adminSessionTtlHours))} hours 1 minute'`,
        expiresAt: sql`now() + interval '1 day'`,
      })
      .where(eq(sessions.userId, admin.user.id));
    expect401(await info(admin.headers));
  });
});
