import { LIMITS } from '@vault/contract/constants';
import { messages } from '@vault/contract/messages';
import type { TransactionLog } from '@vault/contract/schemas/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  createMember,
  startServer,
  type TestServer,
} from '../support.ts';
import { createCoin, createToken } from './fixtures/catalogue.ts';

/**
 * Sends must not tell a member who else is a member (issue 8 item 2), and amounts are refused beyond their
 * token's decimals (item 5).
 */
let server: TestServer;
let ledger: Ledger;
/** Like Q: 2 decimals. */
let dollar: string;
/** Whole units only. */
let whole: string;
/** A legacy (sdira) token with 4 decimals, for send requests. */
let legacy: string;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  dollar = (await createToken(server, { type: 'liquidity', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
  whole = (await createToken(server, { type: 'asset', decimals: 0, price: '5', isVisibleOnWeb: false })).coinSymbol;
  legacy = (await createToken(server, { type: 'sdira', decimals: 4, price: '30', isVisibleOnWeb: false })).coinSymbol;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
async function sender(balances: Record<string, string>, values: Partial<typeof users.$inferInsert> = {}) {
  const m = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
  for (const [asset, amount] of Object.entries(balances))
    await ledger.credit({ userId: m.user.id, asset, amount, by: null });
  return m;
}
const post = (url: string, m: { headers: Record<string, string> }, payload: object, on = server) =>
  on.app.inject({ method: 'POST', url, payload, headers: m.headers });
const send = (m: Member, body: object, on = server) => post('/api/native-wallet/send-tokens', m, body, on);
const request = (m: Member, body: object) => post('/api/request/create-legacy-send-request', m, body);
const answer = (res: { statusCode: number; json: () => Record<string, unknown> }) => [res.statusCode, res.json()];
const entriesBy = (m: Member) => countRows(server, 'journal_entries', sql`created_by = ${m.user.id}`);

describe('no member-existence oracle through sends', () => {
  it('answers an unaffordable send the same for an active member, an unknown address and a blocked one', async () => {
    const a = await sender({ [dollar]: '1' });
    const active = await createLoggedInMember(server);
    const blocked = await createMember(server, { isBlocked: true, blockReason: 'x' });
    const answers = [];
    for (const to of [active.email, 'nobody-here@example.com', blocked.email]) {
      answers.push(answer(await send(a, { to, amount: '5', coin: dollar })));
    }
    expect(answers[0]).toEqual([
      400,
      {
        message: messages.insufficientBalance,
        code: 'INSUFFICIENT_BALANCE',
        fields: { amount: messages.insufficientBalance },
      },
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await entriesBy(a)).toBe(0);
  });

  it('answers an affordable send to an unknown address 404, and one to an active member sends', async () => {
    const a = await sender({ [dollar]: '10' });
    const b = await createLoggedInMember(server);
    expect(answer(await send(a, { to: 'nobody-there@example.com', amount: '1', coin: dollar }))).toEqual([
      404,
      { message: messages.recipientNotFound, code: 'RECIPIENT_NOT_FOUND' },
    ]);
    expect((await send(a, { to: b.email, amount: '1', coin: dollar })).statusCode).toBe(200);
  });

  it('sdira send requests: an unaffordable request says nothing about the recipient either', async () => {
    const a = await sender({ [legacy]: '1' }, { type: 'sdira' });
    const active = await createLoggedInMember(server);
    const unknown = answer(await request(a, { to: 'ghost@example.com', amount: '2', coin: legacy }));
    expect(unknown).toEqual(answer(await request(a, { to: active.email, amount: '2', coin: legacy })));
    expect(unknown[0]).toBe(400);
    expect(await countRows(server, 'member_requests', sql`user_id = ${a.user.id}`)).toBe(0);
  });

  it(`pauses a member's sends after ${LIMITS.failedSendsPerHour} refused sends in an hour, across server processes`, async () => {
    const a = await sender({ [dollar]: '100' });
    const b = await createLoggedInMember(server);
    for (let i = 0; i < LIMITS.failedSendsPerHour; i++) {
      const res = await send(a, { to: `probe-${i}@example.com`, amount: '1', coin: dollar });
      expect(res.statusCode, `probe ${i}`).toBe(404);
    }
    // Even a good send to an active member waits now, on this process and on another one.
    const other = await startServer();
    try {
      for (const on of [server, other]) {
        expect(answer(await send(a, { to: b.email, amount: '1', coin: dollar }, on))).toEqual([
          429,
          { message: messages.tooManyFailedSends, code: 'TOO_MANY_REQUESTS' },
        ]);
      }
    } finally {
      await other.close();
    }
    expect(await entriesBy(a)).toBe(0);
    expect(await countRows(server, 'failed_sends', sql`user_id = ${a.user.id}`)).toBe(LIMITS.failedSendsPerHour);
    // An hour later the oldest failures have aged out.
    await server.db.execute(
      sql`update failed_sends set created_at = now() - interval '61 minutes' where user_id = ${a.user.id}`,
    );
    expect((await send(a, { to: b.email, amount: '1', coin: dollar })).statusCode).toBe(200);
  });

  it('a remembered recipient is no shortcut: paused sends are refused by the statement that writes', async () => {
    const a = await sender({ [dollar]: '100' });
    const b = await createLoggedInMember(server);
    // b is remembered as a recipient after this send.
    expect((await send(a, { to: b.email, amount: '1', coin: dollar })).statusCode).toBe(200);
    for (let i = 0; i < LIMITS.failedSendsPerHour; i++)
      await send(a, { to: `gone-${i}@example.com`, amount: '1', coin: dollar });
    expect((await send(a, { to: b.email, amount: '1', coin: dollar })).statusCode).toBe(429);
    expect(await entriesBy(a)).toBe(1);
  });

  it('counts refused sends: unknown recipients, unaffordable amounts and sends to oneself, not bad bodies', async () => {
    const a = await sender({ [dollar]: '1' });
    await send(a, { to: 'someone-unknown@example.com', amount: '0.5', coin: dollar });
    await send(a, { to: 'anyone@example.com', amount: '50', coin: dollar });
    await send(a, { to: a.email, amount: '0.5', coin: dollar });
    await send(a, { to: 'not an address', amount: '0.5', coin: dollar });
    await send(a, { to: 'x@example.com', amount: '0.001', coin: dollar });
    const reasons = await server.db.execute<{ reason: string }>(
      sql`select reason from failed_sends where user_id = ${a.user.id} order by created_at`,
    );
    expect(reasons.rows.map((r) => r.reason).sort()).toEqual(
      ['INSUFFICIENT_BALANCE', 'RECIPIENT_NOT_FOUND', 'SEND_TO_SELF'].sort(),
    );
  });

  it("the sender's logs show the recipient by the e-mail typed, never by internal id or name", async () => {
    const a = await sender({ [dollar]: '10' });
    const b = await createLoggedInMember(server, { name: 'Private Name' });
    expect((await send(a, { to: b.email.toUpperCase(), amount: '2', coin: dollar })).statusCode).toBe(200);
    const res = await server.app.inject({ url: '/api/transaction-log/user/logs', headers: a.headers });
    const [log] = res.json().data as TransactionLog[];
    expect(log).toMatchObject({ to: b.email, toUser: { _id: null, name: null, email: b.email } });
    expect(res.body).not.toContain(b.user.id);
    expect(res.body).not.toContain('Private Name');
  });
});

describe("amounts at the token's decimals", () => {
  it('refuses more decimals than the token has on sends, with the spec wording, writing nothing', async () => {
    const a = await sender({ [dollar]: '10', [whole]: '10' });
    const b = await createLoggedInMember(server);
    const message = 'number field must have 2 digits after decimal or less';
    for (const amount of ['0.001', '0.00000001', '1.239']) {
      expect(answer(await send(a, { to: b.email, amount, coin: dollar })), amount).toEqual([
        400,
        { message, code: 'TOO_MANY_DECIMALS', fields: { amount: message } },
      ]);
    }
    expect((await send(a, { to: b.email, amount: '1.5', coin: whole })).json().message).toBe(
      'Amount must be a whole number',
    );
    // Trailing zeros are not decimals.
    expect((await send(a, { to: b.email, amount: '0.0100', coin: dollar })).statusCode).toBe(200);
    expect((await send(a, { to: b.email, amount: '2.000', coin: whole })).statusCode).toBe(200);
    expect(await entriesBy(a)).toBe(2);
  });

  it('refuses them on send requests and administrator credits too; crypto coins keep their own decimals', async () => {
    const a = await sender({ [legacy]: '10' }, { type: 'sdira' });
    const b = await createLoggedInMember(server);
    const res = await request(a, { to: b.email, amount: '0.00001', coin: legacy });
    expect(answer(res)[0]).toBe(400);
    expect(res.json().fields).toEqual({ amount: 'number field must have 4 digits after decimal or less' });
    expect((await request(a, { to: b.email, amount: '0.0001', coin: legacy })).statusCode).toBe(200);

    const admin = await createAdmin(server);
    const credit = (asset: string, amount: string) =>
      post('/api/admin/ledger/credit', admin, { email: b.email, asset, amount, reason: 'Test credit' });
    expect((await credit(dollar, '0.005')).json().code).toBe('TOO_MANY_DECIMALS');
    expect((await credit(dollar, '0.05')).statusCode).toBe(200);
    const satoshi = (await createCoin(server, { decimals: 8 })).coinSymbol;
    expect((await credit(satoshi, '0.00000001')).statusCode).toBe(200);
    const gwei = (await createCoin(server, { decimals: 6 })).coinSymbol;
    expect((await credit(gwei, '0.0000001')).json().code).toBe('TOO_MANY_DECIMALS');
  });
});
