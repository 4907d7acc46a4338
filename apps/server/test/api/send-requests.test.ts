import { messages } from '@vault/contract/messages';
import type { SendRequest, TransactionLog } from '@vault/contract/schemas/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, holds, memberRequests, notifications, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  startServer,
  type TestServer,
} from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';
import { BAD_SEND_BODIES } from './fixtures/send-body.ts';

let server: TestServer;
let ledger: Ledger;
let coin: string;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  admin = await createAdmin(server);
  coin = (await createToken(server, { type: 'sdira', price: '30', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const member = (values: Partial<typeof users.$inferInsert> = {}) =>
  createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
/** An activated sdira member with membership data and `balance` of the test coin. */
async function sdira(balance = '100', values: Partial<typeof users.$inferInsert> = {}) {
  const m = await member({ type: 'sdira', ...values });
  if (balance !== '0') await ledger.credit({ userId: m.user.id, asset: coin, amount: balance, by: null });
  return m;
}
const balanceOf = async (userId: string) => (await ledger.balances(userId, [coin]))[coin] ?? '0';

const create = (m: Member, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/request/create-legacy-send-request',
    payload,
    headers: { ...m.headers, ...headers },
  });
const decide = (id: string, action: 'approve' | 'reject', reason?: string, as: { headers: object } = admin) =>
  server.app.inject({
    method: 'POST',
    url: `/api/admin/requests/${id}/${action}`,
    headers: as.headers as Record<string, string>,
    ...(action === 'reject' ? { payload: { reason } } : {}),
  });
async function logsOf(m: Member) {
  const res = await server.app.inject({ method: 'GET', url: '/api/transaction-log/user/logs', headers: m.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: TransactionLog[] }).data;
}
/** A pending request of `amount` from a fresh sdira member to a fresh member. */
async function pending(amount = '10', balance = '100') {
  const from = await sdira(balance);
  const to = await member();
  const res = await create(from, { to: to.email, amount, coin, memo: 'for the roof' });
  expect(res.statusCode, res.body).toBe(200);
  return { from, to, id: res.json().data.requestId as string };
}
const requestRow = async (id: string) =>
  (await server.db.select().from(memberRequests).where(eq(memberRequests.id, id)))[0]!;

describe('POST /api/request/create-legacy-send-request', () => {
  it('puts the amount on a hold and answers with the spec’s message', async () => {
    const from = await sdira('100');
    const to = await member();
    const res = await create(from, { to: ` ${to.email.toUpperCase()} `, amount: '12.50', coin, memo: 'roof' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Request submitted successfully please wait for admin approval');
    const id = res.json().data.requestId as string;
    expect([await balanceOf(from.user.id), await balanceOf(to.user.id)]).toEqual(['87.5', '0']);
    const row = await requestRow(id);
    expect(row).toMatchObject({
      kind: 'send',
      status: 'pending',
      userId: from.user.id,
      toUserId: to.user.id,
      memo: 'roof',
    });
    expect(row.amount).toBe('12.50000000');
    const [hold] = await server.db.select().from(holds).where(eq(holds.id, row.holdId));
    expect(hold).toMatchObject({ status: 'placed', userId: from.user.id, asset: coin, amount: '12.50000000' });

    const [log] = await logsOf(from);
    expect(log).toMatchObject({
      type: 'sendAssets',
      status: 'pending',
      amount: '12.5',
      memo: 'roof',
      from: from.user.id,
      // The recipient shows by e-mail, never by internal id (issue 8).
      to: to.email,
      toUser: { email: to.email },
      message: messages.requestPendingNote,
    });
    // The recipient has nothing until an administrator approves.
    expect(await logsOf(to)).toEqual([]);
  });

  it.each([...BAD_SEND_BODIES, [{ coin: 'NOPE' }, 'coin', messages.invalidRequest]])(
    'validates %o: %s → %s',
    async (patch, field, message) => {
      const from = await sdira('10');
      const res = await create(from, { to: 'someone@example.com', amount: '1', coin, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(await balanceOf(from.user.id)).toBe('10');
    },
  );

  it('refuses more than the balance with 400 Insufficient balance, writing nothing', async () => {
    const from = await sdira('5');
    const to = await member();
    const res = await create(from, { to: to.email, amount: '5.0001', coin });
    expect([res.statusCode, res.json().message]).toEqual([400, messages.insufficientBalance]);
    expect(await balanceOf(from.user.id)).toBe('5');
    expect(await countRows(server, 'member_requests', sql`user_id = ${from.user.id}`)).toBe(0);
    expect(await countRows(server, 'holds', sql`user_id = ${from.user.id}`)).toBe(0);
  });

  it('is for activated sdira members with membership data only; same recipient rules as sends', async () => {
    const to = await member();
    const ordinary = await member();
    await ledger.credit({ userId: ordinary.user.id, asset: coin, amount: '10', by: null });
    let res = await create(ordinary, { to: to.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.sendRequestsSdiraOnly]);
    res = await create(await sdira('10', { isWalletActivated: false }), { to: to.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.activateFirst]);
    res = await create(await sdira('10', { gpaData: null }), { to: to.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.fillGpaFirst]);
    const unauthenticated = await server.app.inject({ method: 'POST', url: '/api/request/create-legacy-send-request' });
    expect(unauthenticated.statusCode).toBe(401);

    const from = await sdira('10');
    const blocked = await createMember(server, { isBlocked: true, blockReason: 'x' });
    for (const email of ['nobody@example.com', blocked.email]) {
      res = await create(from, { to: email, amount: '1', coin });
      expect([res.statusCode, res.json().message], email).toEqual([404, messages.recipientNotFound]);
    }
    res = await create(from, { to: from.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([400, messages.sendToSelf]);
    expect(await balanceOf(from.user.id)).toBe('10');
  });

  it('honours the Idempotency-Key header: one request and one hold for parallel repeats, 409 for another body', async () => {
    const from = await sdira('10');
    const to = await member();
    const key = { 'idempotency-key': `request-${from.user.id}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => create(from, { to: to.email, amount: '1', coin }, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().data.requestId)).size).toBe(1);
    expect(await balanceOf(from.user.id)).toBe('9');
    expect(await countRows(server, 'member_requests', sql`user_id = ${from.user.id}`)).toBe(1);
    expect(await countRows(server, 'holds', sql`user_id = ${from.user.id}`)).toBe(1);
    const other = await create(from, { to: to.email, amount: '2', coin }, key);
    expect([other.statusCode, other.json().message]).toEqual([409, messages.idempotencyKeyReused]);
    // A lost answer repeated after the recipient was blocked still gets the first answer.
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, to.user.id));
    const repeat = await create(from, { to: to.email, amount: '1', coin }, key);
    expect([repeat.statusCode, repeat.json().data.requestId]).toEqual([200, results[0]!.json().data.requestId]);
  });

  it('tells the member’s open screens that the balance moved (walletUpdated)', async () => {
    const from = await sdira('10');
    const to = await member();
    const seen: string[] = [];
    await server.eventsDelivered();
    const off = server.ctx.events.on('walletUpdated', (e) => seen.push(e.userId));
    expect((await create(from, { to: to.email, amount: '1', coin })).statusCode).toBe(200);
    await server.eventsDelivered();
    off();
    expect(seen).toEqual([from.user.id]);
  });
});

describe('the back office decides send requests', () => {
  it('approve: the held tokens go to the recipient, both logs show it completed, the member is told', async () => {
    const { from, to, id } = await pending('10');
    const seen: string[] = [];
    await server.eventsDelivered();
    const off = server.ctx.events.on('walletUpdated', (e) => seen.push(e.userId));
    const res = await decide(id, 'approve');
    await server.eventsDelivered();
    off();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as SendRequest;
    expect(res.json().message).toBe(messages.requestApproved);
    expect(data).toMatchObject({
      _id: id,
      status: 'approved',
      from: { _id: from.user.id, email: from.email },
      to: to.email,
      coin,
      amount: '10',
      memo: 'for the roof',
      rejectionReason: null,
    });
    expect(data.decidedAt).toBeTruthy();
    expect([await balanceOf(from.user.id), await balanceOf(to.user.id)]).toEqual(['90', '10']);
    expect(seen.sort()).toEqual([from.user.id, to.user.id].sort());

    const [sent] = await logsOf(from);
    expect(sent).toMatchObject({
      type: 'sendAssets',
      status: 'completed',
      amount: '10',
      from: from.user.id,
      message: null,
    });
    const received = await logsOf(to);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'sendAssets',
      status: 'completed',
      amount: '10',
      memo: 'for the roof',
      // Another member shows by e-mail, never by internal id.
      from: from.email,
      to: to.user.id,
      fromUser: { _id: null, email: from.email },
    });
    const sends = await server.app.inject({
      method: 'GET',
      url: '/api/transaction-log/native-token-send',
      headers: to.headers,
    });
    expect(sends.json().data[0]).toMatchObject({ email: from.email, direction: 'received', status: 'completed' });

    const [notice] = await server.db.select().from(notifications).where(eq(notifications.userId, from.user.id));
    expect(notice?.message).toBe(`Your send request of 10 ${coin} was approved`);
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'request.approve')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(admin.user.id);

    const again = await decide(id, 'reject', 'changed my mind');
    expect([again.statusCode, again.json().message]).toEqual([409, messages.holdAlreadyResolved]);
  });

  it('reject: the tokens come back, the log shows the send rejected with the reason (no second row)', async () => {
    const { from, to, id } = await pending('10');
    const missing = await decide(id, 'reject', '  ');
    expect([missing.statusCode, missing.json().fields?.reason]).toEqual([400, 'A reason is required']);
    const seen: string[] = [];
    await server.eventsDelivered();
    const off = server.ctx.events.on('walletUpdated', (e) => seen.push(e.userId));
    const res = await decide(id, 'reject', 'Recipient not verified by treasury');
    await server.eventsDelivered();
    off();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.requestRejected,
      data: { status: 'rejected', rejectionReason: 'Recipient not verified by treasury' },
    });
    expect([await balanceOf(from.user.id), await balanceOf(to.user.id)]).toEqual(['100', '0']);
    expect(seen).toEqual([from.user.id]);
    const logs = await logsOf(from);
    expect(logs.map((l) => [l.type, l.status])).toEqual([
      ['sendAssets', 'rejected'],
      ['creditAssets', 'completed'],
    ]);
    expect(logs[0]?.message).toBe('Request rejected: Recipient not verified by treasury');
    expect(await logsOf(to)).toEqual([]);
    const [notice] = await server.db.select().from(notifications).where(eq(notifications.userId, from.user.id));
    expect(notice?.message).toBe(`Your send request of 10 ${coin} was rejected: Recipient not verified by treasury`);
    expect(await countRows(server, 'audit_log', sql`target_id = ${id} and action = 'request.reject'`)).toBe(1);
    const again = await decide(id, 'approve');
    expect([again.statusCode, again.json().message]).toEqual([409, messages.holdAlreadyResolved]);
  });

  it('approve waits while the recipient is no longer active (409, still pending); reject still works', async () => {
    const { from, to, id } = await pending('7');
    await server.db.update(users).set({ isBlocked: true, blockReason: 'x' }).where(eq(users.id, to.user.id));
    const res = await decide(id, 'approve');
    expect([res.statusCode, res.json().message]).toEqual([409, messages.recipientNoLongerActive]);
    expect((await requestRow(id)).status).toBe('pending');
    const [hold] = await server.db
      .select()
      .from(holds)
      .where(eq(holds.id, (await requestRow(id)).holdId));
    expect(hold?.status).toBe('placed');
    expect([await balanceOf(from.user.id), await balanceOf(to.user.id)]).toEqual(['93', '0']);
    expect(await countRows(server, 'audit_log', sql`target_id = ${id}`)).toBe(0);
    expect((await decide(id, 'reject', 'recipient blocked')).statusCode).toBe(200);
    expect(await balanceOf(from.user.id)).toBe('100');
  });

  it('decides each request exactly once under concurrency (20 parallel approvals and rejections)', async () => {
    const { from, to, id } = await pending('10');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(id, i % 2 ? 'approve' : 'reject', 'no')),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([r.statusCode, r.json().message]).toEqual([409, messages.holdAlreadyResolved]);
    }
    const status = ok[0]!.json().data.status as string;
    expect((await requestRow(id)).status).toBe(status);
    expect([await balanceOf(from.user.id), await balanceOf(to.user.id)]).toEqual(
      status === 'approved' ? ['90', '10'] : ['100', '0'],
    );
    expect(await countRows(server, 'audit_log', sql`target_id = ${id}`)).toBe(1);
    expect(await countRows(server, 'notifications', sql`user_id = ${from.user.id}`)).toBe(1);
  });

  it('lists requests by status for administrators', async () => {
    const a = await pending('1');
    const b = await pending('2');
    await decide(b.id, 'reject', 'no');
    const list = async (query = '') => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/admin/requests${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as SendRequest[]).map((r) => r._id);
    };
    const pendingIds = await list('?status=pending');
    expect(pendingIds).toContain(a.id);
    expect(pendingIds).not.toContain(b.id);
    expect(await list('?status=rejected')).toContain(b.id);
    const all = await list();
    expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(a.id)); // newest first
    // Paged like every back-office list: page 2 of one a page is the next newest.
    const paged = async (page: number) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/admin/requests?page=${page}&limit=1`,
          headers: admin.headers,
        })
      ).json();
    const [one, two] = [await paged(1), await paged(2)];
    expect([one.page, one.limit, one.data.length, two.page]).toEqual([1, 1, 1, 2]);
    expect(one.total).toBeGreaterThanOrEqual(2);
    expect(two.data[0]._id).not.toBe(one.data[0]._id);
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/admin/requests?status=lost',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is for administrators only; unknown ids are 404, malformed ones 400', async () => {
    const { from, id } = await pending('1');
    const outsider = await member();
    for (const who of [from, outsider]) {
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/admin/requests', headers: who.headers })).statusCode,
      ).toBe(403);
      expect((await decide(id, 'approve', undefined, who)).statusCode).toBe(403);
      expect((await decide(id, 'reject', 'mine', who)).statusCode).toBe(403);
    }
    expect((await requestRow(id)).status).toBe('pending');
    expect((await decide(newId(), 'approve')).statusCode).toBe(404);
    expect((await decide('not-an-id', 'reject', 'x')).statusCode).toBe(400);
  });
});
