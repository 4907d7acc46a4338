import { messages } from '@vault/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions, auditLog, memberRequests, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { postgresError } from '../../src/lib/postgres-error.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createTestDatabase } from '../test-database.ts';
import { createToken } from './fixtures/catalogue.ts';

/**
 * Maker-checker (issue 11 item 2): money actions above the owners' threshold wait for a second administrator.
 * The threshold is platform-wide: this file has a database of its own, so lowering it never holds another
 * file's credits, and nothing of theirs lands in this file's queue.
 *
 * GOLD is worth 1,000 USD: 10 GOLD (10,000 USD) is at the default threshold and runs at once; 11 waits.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: TestServer;
let ledger: Ledger;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let owner: Admin;
let maker: Admin;
let checker: Admin;
let support: Admin;
let gold: string;
let legacy: string;

beforeAll(async () => {
  database = await createTestDatabase('vault_maker_checker');
  server = await startServer({ DATABASE_URL: database.url });
  ledger = createLedger(server.db);
  [owner, maker, checker, support] = await Promise.all([
    createAdmin(server, 'owner'),
    createAdmin(server, 'operator'),
    createAdmin(server, 'operator'),
    createAdmin(server, 'support'),
  ]);
  gold = (await createToken(server, { type: 'asset', price: '1000', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  legacy = (await createToken(server, { type: 'sdira', price: '1000', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  await createToken(server, { coinSymbol: 'Q', type: 'liquidity', price: '1', decimals: 2 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const post = (as: { headers: object }, url: string, payload?: object, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { ...(as.headers as Record<string, string>), ...headers },
    ...(payload ? { payload } : {}),
  });
const get = (as: { headers: object }, url: string) =>
  server.app.inject({ method: 'GET', url, headers: as.headers as Record<string, string> });

const member = (values: Partial<typeof users.$inferInsert> = {}) =>
  createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
const balanceOf = async (userId: string, asset = gold) => (await ledger.balances(userId, [asset]))[asset] ?? '0';
const credit = (as: Admin, email: string, amount: string, headers: Record<string, string> = {}, asset = gold) =>
  post(as, '/api/admin/ledger/credit', { email, asset, amount, reason: 'Opening balance' }, headers);
const approve = (as: Admin, id: string, reason = 'Checked the paperwork') =>
  post(as, `/api/admin/actions/${id}/approve`, { reason });
const reject = (as: Admin, id: string, reason = 'Not documented') =>
  post(as, `/api/admin/actions/${id}/reject`, { reason });
const actionRow = async (id: string) =>
  (await server.db.select().from(adminActions).where(eq(adminActions.id, id)))[0]!;
const auditOf = (actionId: string) =>
  server.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.details}->>'actionId' = ${actionId}`)
    .orderBy(auditLog.createdAt);
const creditEntriesOf = async (userId: string) =>
  (
    await server.db.execute<{ n: number }>(sql`
      select count(distinct e.id)::int as n from journal_entries e
      join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.kind = 'credit' and a.user_id = ${userId}`)
  ).rows[0]!.n;
/** A credit above the threshold, waiting: its action id. */
async function waitingCredit(email: string, amount = '11') {
  const res = await credit(maker, email, amount);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.actionId as string;
}

describe('credits', () => {
  it('at or below the threshold run at once, as before (200)', async () => {
    const m = await member();
    const res = await credit(maker, m.email, '10');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: `10 ${gold} credited to ${m.email}`, data: { balance: '10' } });
    expect(await balanceOf(m.user.id)).toBe('10');
    expect(await server.db.select().from(adminActions).where(eq(adminActions.targetId, m.user.id))).toEqual([]);
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.credit'), eq(auditLog.targetId, m.user.id)));
    expect(row).toMatchObject({ actorId: maker.user.id, details: { reason: 'Opening balance', amount: '10' } });
  });

  it('need a reason of 3 to 500 characters', async () => {
    const m = await member();
    for (const [reason, message] of [
      [undefined, messages.rejectionReasonRequired],
      ['  ', messages.rejectionReasonRequired],
      ['ab', messages.reasonLength],
      ['x'.repeat(501), messages.reasonLength],
    ] as const) {
      const res = await post(maker, '/api/admin/ledger/credit', { email: m.email, asset: gold, amount: '1', reason });
      expect([res.statusCode, res.json().fields?.reason], String(reason)).toEqual([400, message]);
    }
    expect(await balanceOf(m.user.id)).toBe('0');
  });

  it('above it wait (202, nothing issued); the maker cannot decide, not even through SQL; a second operator approves once', async () => {
    const m = await member();
    const res = await credit(maker, m.email, '11');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: 'Waiting for a second administrator',
      data: { actionId: expect.any(String) },
    });
    const id = res.json().data.actionId as string;
    expect(await balanceOf(m.user.id)).toBe('0');

    const listed = await get(support, '/api/admin/actions?status=pending&kind=ledger.credit&limit=100');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ page: 1, limit: 100 });
    const shown = listed.json().data.find((a: { id: string }) => a.id === id);
    expect(shown).toMatchObject({
      kind: 'ledger.credit',
      status: 'pending',
      valueUsd: '11000',
      thresholdUsd: '10000',
      reason: 'Opening balance',
      permission: 'ledger.write',
      payload: { userId: m.user.id, email: m.email, asset: gold, amount: '11' },
      requestedBy: { id: maker.user.id, email: maker.email },
      decidedBy: null,
      result: null,
    });

    const own = await approve(maker, id);
    expect([own.statusCode, own.json()]).toEqual([
      403,
      { code: 'MAKER_CANNOT_DECIDE', message: messages.makerCannotDecide },
    ]);
    expect((await reject(maker, id)).statusCode).toBe(403);
    // The database has the last word: the maker as checker is refused, and so is a decision without a
    // checker or a checker on a pending row.
    const refusal = (statement: ReturnType<typeof sql>) =>
      server.db.execute(statement).then(
        () => null,
        (error: unknown) => postgresError(error),
      );
    expect(
      await refusal(
        sql`update admin_actions set status = 'approved', decided_by = requested_by, decided_at = now() where id = ${id}`,
      ),
    ).toEqual({ code: '23514', constraint: 'admin_actions_checker_not_maker' });
    for (const statement of [
      sql`update admin_actions set status = 'approved' where id = ${id}`,
      sql`update admin_actions set decided_by = ${checker.user.id}, decided_at = now() where id = ${id}`,
    ]) {
      expect(await refusal(statement)).toEqual({ code: '23514', constraint: 'admin_actions_pending_undecided' });
    }
    expect((await actionRow(id)).status).toBe('pending');

    const ok = await approve(checker, id, 'Wire received, statement attached');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: messages.actionApproved,
      data: {
        status: 'approved',
        decidedBy: { id: checker.user.id },
        decisionReason: 'Wire received, statement attached',
        result: { entryId: expect.any(String) },
      },
    });
    expect(await balanceOf(m.user.id)).toBe('11');
    expect(await creditEntriesOf(m.user.id)).toBe(1);
    // Decided once: later decisions are 409, and nothing moves again.
    expect([(await approve(owner, id)).statusCode, (await reject(owner, id)).statusCode]).toEqual([409, 409]);
    expect((await approve(owner, id)).json().code).toBe('ACTION_DECIDED');
    expect(await balanceOf(m.user.id)).toBe('11');

    // Two audit rows: the maker's request, and the credit itself by the checker.
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['action.request', maker.user.id],
      ['ledger.credit', checker.user.id],
    ]);
    expect(rows[1]!.details).toMatchObject({
      entryId: ok.json().data.result.entryId,
      reason: 'Opening balance',
      requestedBy: maker.user.id,
      decisionReason: 'Wire received, statement attached',
    });
  });

  it('a rejection moves nothing', async () => {
    const m = await member();
    const id = await waitingCredit(m.email, '12');
    const res = await reject(checker, id, 'No wire arrived');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.actionRejected,
      data: { status: 'rejected', decidedBy: { id: checker.user.id }, decisionReason: 'No wire arrived', result: null },
    });
    expect(await balanceOf(m.user.id)).toBe('0');
    expect((await approve(owner, id)).statusCode).toBe(409);
    expect(await balanceOf(m.user.id)).toBe('0');
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['action.request', 'action.reject']);
  });

  it('two approvals at once: exactly one 200 and one 409, one entry', async () => {
    const m = await member();
    const id = await waitingCredit(m.email, '13');
    const answers = await Promise.all([approve(checker, id), approve(owner, id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(m.user.id)).toBe('13');
    expect(await creditEntriesOf(m.user.id)).toBe(1);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['action.request', 'ledger.credit']);
  });

  it('a support administrator cannot decide (403); unknown actions are 404, malformed ids 400', async () => {
    const m = await member();
    const id = await waitingCredit(m.email);
    expect((await approve(support, id)).json()).toEqual({ code: 'FORBIDDEN', message: messages.forbidden });
    expect((await reject(support, id)).statusCode).toBe(403);
    expect((await approve(checker, newId())).statusCode).toBe(404);
    expect((await approve(checker, 'not-an-id')).statusCode).toBe(400);
    expect((await post(checker, `/api/admin/actions/${id}/approve`, {})).json().fields.reason).toBe(
      messages.rejectionReasonRequired,
    );
    expect((await actionRow(id)).status).toBe('pending');
    expect(await balanceOf(m.user.id)).toBe('0');
    // Members and strangers never reach the queue.
    expect((await get(m, '/api/admin/actions')).statusCode).toBe(403);
    expect((await server.app.inject({ url: '/api/admin/actions' })).statusCode).toBe(401);
  });

  it('a repeated Idempotency-Key answers the same waiting action', async () => {
    const m = await member();
    const key = { 'idempotency-key': `held-${m.user.id}` };
    const first = await credit(maker, m.email, '11', key);
    const again = await credit(maker, m.email, '11', key);
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json()).toEqual(first.json());
    expect(await server.db.select().from(adminActions).where(eq(adminActions.targetId, m.user.id))).toHaveLength(1);
    expect((await credit(maker, m.email, '12', key)).statusCode).toBe(409);
  });

  it('a member deleted while the credit waited: the approval says so and nothing is decided', async () => {
    const m = await member();
    const id = await waitingCredit(m.email);
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, m.user.id));
    const res = await approve(checker, id);
    expect([res.statusCode, res.json().message]).toEqual([404, messages.userNotFound]);
    expect((await actionRow(id)).status).toBe('pending');
  });
});

describe('reversals', () => {
  const reverse = (as: Admin, entryId: string, headers: Record<string, string> = {}) =>
    post(as, `/api/admin/ledger/entries/${entryId}/reverse`, { reason: 'Credited twice by mistake' }, headers);

  it('at or below the threshold run at once, once; unknown 404, a second time 409, a reversal 400', async () => {
    const m = await member();
    const { entryId } = await ledger.credit({ userId: m.user.id, asset: gold, amount: '10', by: null });
    const res = await reverse(maker, entryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: messages.entryReversed,
      data: { entryId, reversalId: expect.any(String) },
    });
    expect(await balanceOf(m.user.id)).toBe('0');
    const [row] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.reverse'), eq(auditLog.targetId, entryId)));
    expect(row).toMatchObject({
      actorId: maker.user.id,
      details: { reversalId: res.json().data.reversalId, reason: 'Credited twice by mistake' },
    });
    const again = await reverse(maker, entryId);
    expect([again.statusCode, again.json().code]).toEqual([409, 'ALREADY_REVERSED']);
    expect((await reverse(maker, newId())).statusCode).toBe(404);
    const ofReversal = await reverse(maker, res.json().data.reversalId);
    expect([ofReversal.statusCode, ofReversal.json().code]).toEqual([400, 'NOT_REVERSIBLE']);
    expect((await reverse(support, entryId)).statusCode).toBe(403);
    expect((await post(maker, `/api/admin/ledger/entries/${entryId}/reverse`, {})).statusCode).toBe(400);
  });

  it('one that would overdraw a member is refused: 400 Insufficient balance', async () => {
    const m = await member();
    const other = await member();
    const { entryId } = await ledger.credit({ userId: m.user.id, asset: gold, amount: '5', by: null });
    await ledger.send({ from: m.user.id, to: other.user.id, asset: gold, amount: '3' });
    const res = await reverse(maker, entryId);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Insufficient balance']);
    expect(await balanceOf(m.user.id)).toBe('2');
  });

  it('above the threshold wait for a second administrator; one waits per entry; an overdraft at approval decides nothing', async () => {
    const m = await member();
    const other = await member();
    const { entryId } = await ledger.credit({ userId: m.user.id, asset: gold, amount: '20', by: null });
    const res = await reverse(maker, entryId);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.actionId as string;
    expect(await balanceOf(m.user.id)).toBe('20');
    expect(await actionRow(id)).toMatchObject({
      kind: 'ledger.reverse',
      targetId: entryId,
      valueUsd: '20000.00',
      payload: { entryId, entryKind: 'credit', moves: [{ asset: gold, amount: '20' }] },
    });
    const twice = await reverse(checker, entryId);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ACTION_PENDING']);
    expect((await approve(maker, id)).statusCode).toBe(403);

    // Spent meanwhile: the reversal cannot run, the answer says why and the action still waits.
    await ledger.send({ from: m.user.id, to: other.user.id, asset: gold, amount: '1' });
    const short = await approve(checker, id);
    expect([short.statusCode, short.json().message]).toEqual([400, 'Insufficient balance']);
    expect((await actionRow(id)).status).toBe('pending');
    await ledger.send({ from: other.user.id, to: m.user.id, asset: gold, amount: '1' });

    const ok = await approve(checker, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.result).toEqual({ entryId, reversalId: expect.any(String) });
    expect(await balanceOf(m.user.id)).toBe('0');
    expect((await auditOf(id)).map((r) => [r.action, r.actorId])).toEqual([
      ['action.request', maker.user.id],
      ['ledger.reverse', checker.user.id],
    ]);
  });
});

describe('request approvals', () => {
  /** A pending sdira send request of `amount` legacy tokens (1,000 USD each) to a fresh member. */
  async function pendingRequest(amount: string) {
    const from = await member({ type: 'sdira' });
    await ledger.credit({ userId: from.user.id, asset: legacy, amount, by: null });
    const to = await member();
    const res = await post(from, '/api/request/create-legacy-send-request', { to: to.email, amount, coin: legacy });
    expect(res.statusCode, res.body).toBe(200);
    return { from, to, requestId: res.json().data.requestId as string };
  }
  const approveRequest = (as: Admin, id: string, payload?: object) =>
    post(as, `/api/admin/requests/${id}/approve`, payload);
  const requestStatus = async (id: string) =>
    (await server.db.select().from(memberRequests).where(eq(memberRequests.id, id)))[0]!.status;

  it('at or below the threshold are decided at once, with or without a body', async () => {
    const a = await pendingRequest('10');
    expect((await approveRequest(maker, a.requestId)).statusCode).toBe(200);
    expect(await balanceOf(a.to.user.id, legacy)).toBe('10');
    const b = await pendingRequest('2');
    const res = await approveRequest(maker, b.requestId, { reason: 'Looks right' });
    expect([res.statusCode, res.json().data.status]).toEqual([200, 'approved']);
  });

  it('above it: a reason is required, the request stays pending until a second operator approves', async () => {
    const { to, requestId } = await pendingRequest('11');
    const bare = await approveRequest(maker, requestId);
    expect([bare.statusCode, bare.json().fields?.reason]).toEqual([400, messages.makerCheckerReasonRequired]);
    const res = await approveRequest(maker, requestId, { reason: 'Member called to confirm' });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.actionId as string;
    expect(await requestStatus(requestId)).toBe('pending');
    expect(await balanceOf(to.user.id, legacy)).toBe('0');
    const twice = await approveRequest(checker, requestId, { reason: 'Member called to confirm' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'ACTION_PENDING']);
    expect(await actionRow(id)).toMatchObject({ kind: 'request.approve', valueUsd: '11000.00', targetId: requestId });
    expect((await approve(maker, id)).statusCode).toBe(403);
    expect((await approve(support, id)).statusCode).toBe(403);

    const ok = await approve(checker, id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', result: { requestId, entryId: expect.any(String) } });
    expect(await requestStatus(requestId)).toBe('approved');
    expect(await balanceOf(to.user.id, legacy)).toBe('11');
    const [decided] = await server.db.select().from(memberRequests).where(eq(memberRequests.id, requestId));
    expect(decided!.decidedBy).toBe(checker.user.id);
    expect((await auditOf(id)).map((r) => [r.action, r.actorId])).toEqual([
      ['action.request', maker.user.id],
      ['request.approve', checker.user.id],
    ]);
  });

  it('a request rejected while its approval waited: the approval says so and stays undecided', async () => {
    const { from, requestId } = await pendingRequest('12');
    const held = await approveRequest(maker, requestId, { reason: 'Member called to confirm' });
    expect(held.statusCode).toBe(202);
    const id = held.json().data.actionId as string;
    // Rejection is never held: releasing the hold moves nothing out.
    expect(
      (await post(checker, `/api/admin/requests/${requestId}/reject`, { reason: 'Fraud suspected' })).statusCode,
    ).toBe(200);
    expect(await balanceOf(from.user.id, legacy)).toBe('12');
    const res = await approve(checker, id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'REQUEST_DECIDED']);
    expect((await actionRow(id)).status).toBe('pending');
    expect((await reject(checker, id, 'The request was rejected')).statusCode).toBe(200);
    expect(await balanceOf(from.user.id, legacy)).toBe('12');
  });
});

describe('the threshold', () => {
  const setThreshold = (as: Admin, makerCheckerThresholdUsd: unknown) =>
    post(as, '/api/admin/settings/maker-checker', { makerCheckerThresholdUsd });

  it('is shown and set by owners only, audited with the value before and after; members never see it', async () => {
    expect((await get(owner, '/api/admin/settings/maker-checker')).json()).toEqual({
      data: { makerCheckerThresholdUsd: '10000' },
    });
    for (const as of [maker, support]) {
      expect((await get(as, '/api/admin/settings/maker-checker')).statusCode).toBe(403);
      expect((await setThreshold(as, '1')).statusCode).toBe(403);
    }
    for (const bad of ['', 'abc', '-1', '1.234', '1e5', 5]) {
      const res = await setThreshold(owner, bad);
      expect([res.statusCode, res.json().fields?.makerCheckerThresholdUsd], String(bad)).toEqual([
        400,
        messages.makerCheckerThresholdInvalid,
      ]);
    }
    try {
      const res = await setThreshold(owner, '25000.50');
      expect(res.json()).toEqual({
        message: messages.makerCheckerThresholdUpdated,
        data: { makerCheckerThresholdUsd: '25000.5' },
      });
      expect((await get(owner, '/api/admin/settings/maker-checker')).json().data.makerCheckerThresholdUsd).toBe(
        '25000.5',
      );
      const rows = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.makerChecker'), eq(auditLog.actorId, owner.user.id)));
      expect(rows.map((r) => r.details)).toContainEqual({ from: '10000', to: '25000.5' });
      const m = await member();
      const settings = (await get(m, '/api/settings')).json();
      expect(settings).not.toHaveProperty('makerCheckerThresholdUsd');
      expect(settings).toHaveProperty('swapSpreadPercent');
    } finally {
      expect((await setThreshold(owner, '10000')).statusCode).toBe(200);
    }
  });

  it('lowered to 0 by an owner: a 1 Q credit waits', async () => {
    const m = await member();
    try {
      expect((await setThreshold(owner, '0')).statusCode).toBe(200);
      const res = await credit(maker, m.email, '1', {}, 'Q');
      expect(res.statusCode, res.body).toBe(202);
      expect(await balanceOf(m.user.id, 'Q')).toBe('0');
      expect(await actionRow(res.json().data.actionId)).toMatchObject({ valueUsd: '1.00', thresholdUsd: '0.00' });
    } finally {
      expect((await setThreshold(owner, '10000')).statusCode).toBe(200);
    }
    // Back at 10,000: the same credit runs at once.
    expect((await credit(maker, m.email, '1', {}, 'Q')).statusCode).toBe(200);
    expect(await balanceOf(m.user.id, 'Q')).toBe('1');
    // The waiting credit posted nothing: only the one that ran.
    expect(await creditEntriesOf(m.user.id)).toBe(1);
  });
});
