import { randomBytes } from 'node:crypto';
import { BROADCAST_CHANNEL } from '@vault/contract/realtime';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../src/db/schema.ts';
import {
  createAdmin,
  createLoggedInMember,
  createMember,
  memberSocket,
  startServer,
  type TestServer,
} from '../support.ts';

/**
 * A notification to every member (issue 11 item 3, `POST /api/admin/notifications/all`): one row for each
 * active member (not blocked, not deleted; administrators are not members), one event that every open
 * member screen hears, and one audit row with the text, all in one transaction.
 */

let server: TestServer;
let operator: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startServer();
  operator = await createAdmin(server, 'operator');
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const notifyAll = (payload: unknown, headers: Headers = operator.headers) =>
  server.app.inject({ method: 'POST', url: '/api/admin/notifications/all', payload: payload as object, headers });
const rowsWith = (message: string) => server.db.select().from(notifications).where(eq(notifications.message, message));
const auditsWith = (message: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'notification.broadcast'), sql`${auditLog.details}->>'message' = ${message}`));
const text = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;

describe('notifications to every member', () => {
  it('writes one for each active member only, tells their open screens once, and audits the text', async () => {
    const [a, b] = await Promise.all([createLoggedInMember(server), createLoggedInMember(server)]);
    const unverified = await createMember(server, { emailVerifiedAt: null });
    const blocked = await createMember(server, { isBlocked: true, blockReason: 'Compliance review' });
    const deleted = await createMember(server, { deletedAt: new Date() });
    const socketA = await memberSocket(server, a, BROADCAST_CHANNEL);
    const socketB = await memberSocket(server, b, BROADCAST_CHANNEL);
    const ownChannel = await memberSocket(server, a);

    const message = text('Maintenance on Saturday from 06:00 UTC');
    const res = await notifyAll({ message: `  ${message}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { message: string; data: { recipients: number } };

    // Exactly the members that were active when it ran: every one of ours, none of the others.
    const rows = await rowsWith(message);
    expect(rows).toHaveLength(data.recipients);
    expect(res.json().message).toBe(
      `Notification sent to ${data.recipients.toLocaleString('en-US')} member${data.recipients === 1 ? '' : 's'}`,
    );
    const to = new Set(rows.map((r) => r.userId));
    expect(to.size).toBe(rows.length);
    for (const member of [a.user, b.user, unverified.user]) expect(to.has(member.id), member.email).toBe(true);
    for (const member of [blocked.user, deleted.user]) expect(to.has(member.id), member.email).toBe(false);
    // An administrator is no member: neither the caller nor any other.
    expect(to.has(operator.user.id)).toBe(false);
    const adminIds = await server.db.execute<{ id: string }>(sql`select id from users where role = 'admin'`);
    for (const { id } of adminIds.rows) expect(to.has(id)).toBe(false);
    // Ids are UUIDv7 like every other row's (time-ordered), one per row.
    for (const row of rows)
      expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Every open screen hears it once, on the broadcast channel; nothing on the member's own channel.
    const [heardA, heardB] = await Promise.all([socketA.next(), socketB.next()]);
    for (const heard of [heardA, heardB]) {
      expect(heard).toEqual({ type: 'notificationBroadcast', message, createdAt: rows[0]!.createdAt.toISOString() });
    }
    await server.eventsDelivered();
    await expect(socketA.next(300)).rejects.toThrow();
    await expect(ownChannel.next(300)).rejects.toThrow();
    for (const s of [socketA, socketB, ownChannel]) s.close();

    // The member's bell lists it.
    const bell = await server.app.inject({ method: 'GET', url: '/api/notification', headers: a.headers });
    expect(bell.json().data[0]).toMatchObject({ message });

    // One audit row: who, the text and how many it reached.
    const audits = await auditsWith(message);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: operator.user.id,
      targetId: null,
      details: { message, recipients: data.recipients },
    });
  });

  it('refuses an empty or too long message and writes nothing', async () => {
    for (const [payload, field] of [
      [{ message: '   ' }, 'Write the message'],
      [{}, 'Write the message'],
      [{ message: 'x'.repeat(1001) }, 'Must be at most 1000 characters'],
    ] as const) {
      const res = await notifyAll(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { message: field } });
    }
    expect(await rowsWith('x'.repeat(1001))).toEqual([]);
    expect(await auditsWith('x'.repeat(1001))).toEqual([]);
  });

  it('is for operators and owners: support gets 403, a member 403, a stranger 401', async () => {
    const support = await createAdmin(server, 'support');
    const member = await createLoggedInMember(server);
    const message = text('Not sent');
    expect((await notifyAll({ message }, support.headers)).statusCode).toBe(403);
    expect((await notifyAll({ message }, member.headers)).statusCode).toBe(403);
    expect((await notifyAll({ message }, {})).statusCode).toBe(401);
    expect(await rowsWith(message)).toEqual([]);
    expect(await auditsWith(message)).toEqual([]);
  });
});
