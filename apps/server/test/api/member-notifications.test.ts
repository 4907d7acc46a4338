import { randomUUID } from 'node:crypto';
import { fillMessage, messages } from '@vault/contract/messages';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  memberSocket,
  PASSWORD,
  randomIp,
  requestResetCode,
  startServer,
  type TestServer,
} from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';

/** Issue 9: what a member is told in the bell — tokens received, send requests decided, password changed. */

let server: TestServer;
let ledger: Ledger;
let coin: string;
let legacy: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  admin = await createAdmin(server);
  coin = (await createToken(server, { type: 'liquidity', price: '1', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
  legacy = (await createToken(server, { type: 'sdira', price: '30', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
});
afterAll(() => server.close());

const activated = async (values: Partial<typeof users.$inferInsert> = {}, asset = coin, balance = '100') => {
  const m = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
  await ledger.credit({ userId: m.user.id, asset, amount: balance, by: null });
  return m;
};
const send = (from: { headers: Record<string, string> }, payload: object, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/native-wallet/send-tokens',
    payload,
    headers: { ...from.headers, ...headers },
  });
const noticesOf = (userId: string) =>
  server.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt));
/** The member's notifications as the bell asks for them. */
async function bell(member: { headers: Record<string, string> }) {
  const res = await server.app.inject({ method: 'GET', url: '/api/notification', headers: member.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { _id: string; message: string; createdAt: string }[] }).data;
}

describe('tokens received by a send', () => {
  it('writes the recipient a notification naming the sender by e-mail, and tells their open screens', async () => {
    const a = await activated();
    const b = await createLoggedInMember(server);
    const socket = await memberSocket(server, b);
    const res = await send(a, { to: b.email, amount: '12.50', coin });
    expect(res.statusCode, res.body).toBe(200);

    const expected = `You received 12.5 ${coin} from ${a.email}`;
    expect(expected).toBe(fillMessage(messages.tokensReceivedNotice, { amount: '12.5', symbol: coin, email: a.email }));
    const listed = await bell(b);
    expect(listed.map((n) => n.message)).toEqual([expected]);
    // Another member is shown by e-mail only, never by internal id.
    expect(listed[0]!.message).not.toContain(a.user.id);

    // Live: the balance change first, then the notification itself, on the recipient's e-mail channel.
    const events = [await socket.next(), await socket.next()];
    socket.close();
    expect(events.map((e) => e.type)).toEqual(['nativeWalletUpdate', 'notification']);
    expect(events[1]).toMatchObject({ notification: { _id: listed[0]!._id, message: expected } });
    // The sender is told nothing new.
    expect(await noticesOf(a.user.id)).toEqual([]);
  });

  it('a send repeated with its Idempotency-Key (same entry) notifies once', async () => {
    const a = await activated();
    const b = await createLoggedInMember(server);
    const key = { 'idempotency-key': randomUUID() };
    const first = await send(a, { to: b.email, amount: '3', coin }, key);
    const again = await send(a, { to: b.email, amount: '3', coin }, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data.entryId).toBe(first.json().data.entryId);
    expect((await bell(b)).map((n) => n.message)).toEqual([`You received 3 ${coin} from ${a.email}`]);

    // Concurrent repeats of one key: still one notification.
    const other = { 'idempotency-key': randomUUID() };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => send(a, { to: b.email, amount: '1', coin }, other)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await countRows(server, 'notifications', sql`user_id = ${b.user.id}`)).toBe(2);
  });

  it('a notification that cannot be written leaves the send done (200), and the failure is logged', async () => {
    const a = await activated();
    const b = await createLoggedInMember(server);
    // A real failure of the insert, for this recipient only (test files share the database).
    const fn = `fail_notice_${b.user.id.replaceAll('-', '')}`;
    await server.db.execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin
        raise exception 'notification refused'; end $$;
        create trigger ${fn} before insert on notifications for each row
        when (new.user_id = '${b.user.id}') execute function ${fn}();`),
    );
    const logged: unknown[] = [];
    const original = server.ctx.log.error.bind(server.ctx.log);
    server.ctx.log.error = ((...args: unknown[]) => {
      logged.push(args);
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof server.ctx.log.error;
    try {
      const res = await send(a, { to: b.email, amount: '4', coin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`${coin} sent Successfully`);
      expect((await ledger.balances(b.user.id, [coin]))[coin]).toBe('4');
      expect(await noticesOf(b.user.id)).toEqual([]);
      expect(JSON.stringify(logged)).toContain('receipt notification failed');
    } finally {
      server.ctx.log.error = original;
      await server.db.execute(sql.raw(`drop trigger ${fn} on notifications; drop function ${fn}();`));
    }
  });

  it('a refused send notifies nobody', async () => {
    const a = await activated({}, coin, '1');
    const b = await createLoggedInMember(server);
    expect((await send(a, { to: b.email, amount: '50', coin })).statusCode).toBe(400);
    expect(await noticesOf(b.user.id)).toEqual([]);
  });
});

describe('send requests decided', () => {
  const request = async (amount: string) => {
    const from = await activated({ type: 'sdira' }, legacy, '100');
    const to = await createLoggedInMember(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/request/create-legacy-send-request',
      payload: { to: to.email, amount, coin: legacy },
      headers: from.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { from, to, id: res.json().data.requestId as string };
  };
  const decide = (id: string, action: 'approve' | 'reject') =>
    server.app.inject({
      method: 'POST',
      url: `/api/admin/requests/${id}/${action}`,
      headers: admin.headers,
      ...(action === 'reject' ? { payload: { reason: 'Not this time' } } : {}),
    });

  it('approved: the requester hears the decision, the recipient what they received and from whom, live', async () => {
    const { from, to, id } = await request('10');
    const socket = await memberSocket(server, to);
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    expect((await noticesOf(from.user.id)).map((n) => n.message)).toEqual([
      `Your send request of 10 ${legacy} was approved`,
    ]);
    const received = `You received 10 ${legacy} from ${from.email}`;
    expect((await bell(to)).map((n) => n.message)).toEqual([received]);
    const events = [await socket.next(), await socket.next()];
    socket.close();
    expect(events.map((e) => e.type)).toEqual(['nativeWalletUpdate', 'notification']);
    expect(events[1]).toMatchObject({ notification: { message: received } });
  });

  it('rejected: the requester hears the reason; the recipient, who received nothing, is told nothing', async () => {
    const { from, to, id } = await request('5');
    expect((await decide(id, 'reject')).statusCode).toBe(200);
    expect((await noticesOf(from.user.id)).map((n) => n.message)).toEqual([
      `Your send request of 5 ${legacy} was rejected: Not this time`,
    ]);
    expect(await noticesOf(to.user.id)).toEqual([]);
  });
});

describe('password changed', () => {
  it('auth/change-password leaves a notification for the next login', async () => {
    const member = await createLoggedInMember(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { oldPassword: PASSWORD, newPassword: 'Changed1!x' },
      headers: member.headers,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(200);
    expect((await noticesOf(member.user.id)).map((n) => n.message)).toEqual([messages.passwordChangedNotice]);
  });

  it('auth/create-new-password (reset by code) too', async () => {
    const { user, email } = await createMember(server);
    const code = await requestResetCode(server, email);
    const pin = await server.app.inject({
      method: 'POST',
      url: '/api/auth/verify-pin',
      payload: { email, code },
      remoteAddress: randomIp(),
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/create-new-password',
      payload: { password: 'Brand9new!' },
      headers: { authorization: `Bearer ${pin.json().authToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await noticesOf(user.id)).map((n) => n.message)).toEqual([messages.passwordChangedNotice]);
  });

  it('a refused change leaves none', async () => {
    const member = await createLoggedInMember(server);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { oldPassword: 'Wrong0pass!', newPassword: 'Changed1!x' },
      headers: member.headers,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(await noticesOf(member.user.id)).toEqual([]);
  });
});
