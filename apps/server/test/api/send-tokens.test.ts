import { randomBytes } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoCoins, journalEntries, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import {
  countRows,
  createLoggedInMember,
  createMember,
  memberSocket,
  startServer,
  type TestServer,
} from '../support.ts';
import { createToken } from './fixtures/catalogue.ts';
import { BAD_SEND_BODIES } from './fixtures/send-body.ts';

let server: TestServer;
let ledger: Ledger;
let coin: string;
/** A token whose acquisitions are tracked in lots (sends go through a transaction, not one statement). */
let assetCoin: string;
beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  coin = (await createToken(server, { type: 'liquidity', price: '1', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
  assetCoin = (await createToken(server, { type: 'asset', price: '31.42', decimals: 4, isVisibleOnWeb: false }))
    .coinSymbol;
});
afterAll(() => server.close());

/** An activated member with membership data and `balance` of the test coin. */
async function sender(balance = '100', values: Partial<typeof users.$inferInsert> = {}) {
  const m = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
  if (balance !== '0') await ledger.credit({ userId: m.user.id, asset: coin, amount: balance, by: null });
  return m;
}
const send = (
  from: { headers: Record<string, string> },
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  server.app.inject({
    method: 'POST',
    url: '/api/native-wallet/send-tokens',
    payload,
    headers: { ...from.headers, ...headers },
  });
const balanceOf = async (userId: string) => (await ledger.balances(userId, [coin]))[coin] ?? '0';

describe('POST /api/native-wallet/send-tokens', () => {
  it('sends to another member by e-mail with the spec’s message', async () => {
    const a = await sender('100');
    const b = await createLoggedInMember(server);
    const res = await send(a, { to: ` ${b.email.toUpperCase()} `, amount: '12.34', coin, memo: 'rent' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${coin} sent Successfully`);
    expect([await balanceOf(a.user.id), await balanceOf(b.user.id)]).toEqual(['87.66', '12.34']);
    const [entry] = await server.db.select().from(journalEntries).where(eq(journalEntries.id, res.json().data.entryId));
    expect(entry).toMatchObject({ kind: 'send', memo: 'rent', createdBy: a.user.id });
  });

  it.each(BAD_SEND_BODIES)('validates %o: %s → %s', async (patch, field, message) => {
    const a = await sender('10');
    const res = await send(a, { to: 'someone@example.com', amount: '1', coin, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await balanceOf(a.user.id)).toBe('10');
  });

  it('sends crypto coins too (crypto wallets offer Send, spec 2 §2)', async () => {
    const btc = `C${randomBytes(3).toString('hex').toUpperCase()}`;
    await server.db.insert(cryptoCoins).values({
      id: newId(),
      coinSymbol: btc,
      name: btc,
      iconUrl: '/tokens/btc.svg',
      coinColor: '#f7931a',
      decimals: 8,
      orderIndex: 91,
      depositAddress: 'bc1qtest',
      price: '97250.18',
    });
    const a = await sender('0');
    await ledger.credit({ userId: a.user.id, asset: btc, amount: '0.5', by: null });
    const b = await createLoggedInMember(server);
    const res = await send(a, { to: b.email, amount: '0.12345678', coin: btc });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`${btc} sent Successfully`);
    expect(await ledger.balances(b.user.id, [btc])).toEqual({ [btc]: '0.12345678' });
    expect(await ledger.balances(a.user.id, [btc])).toEqual({ [btc]: '0.37654322' });
  });

  it('refuses more than the balance, writing nothing', async () => {
    const a = await sender('5');
    const b = await createLoggedInMember(server);
    const before = await countRows(server, 'journal_entries', sql`created_by = ${a.user.id}`);
    const res = await send(a, { to: b.email, amount: '5.01', coin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.insufficientBalance);
    expect(await countRows(server, 'journal_entries', sql`created_by = ${a.user.id}`)).toBe(before);
    expect([await balanceOf(a.user.id), await balanceOf(b.user.id)]).toEqual(['5', '0']);
  });

  it('sends only to an existing, verified, unblocked member, and never to yourself', async () => {
    const a = await sender('10');
    const blocked = await createMember(server, { isBlocked: true, blockReason: 'x' });
    const unverified = await createLoggedInMember(server);
    await server.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.user.id));
    // Administrators have no vault: tokens sent to them could never be spent.
    const admin = await createMember(server, { role: 'admin' });
    for (const to of ['nobody@example.com', blocked.email, unverified.email, admin.email]) {
      const res = await send(a, { to, amount: '1', coin });
      expect(res.statusCode, to).toBe(404);
      expect(res.json().message).toBe(messages.recipientNotFound);
    }
    const self = await send(a, { to: a.email, amount: '1', coin });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(messages.sendToSelf);
    expect(await balanceOf(a.user.id)).toBe('10');
  });

  it.each([
    ['a plain token', () => coin],
    ['an asset token with lots', () => assetCoin],
  ])('refuses a recipient blocked or deleted after an earlier send to them, writing nothing (%s)', async (_, which) => {
    const coin = which();
    const a = await createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' } });
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '10', by: null });
    const b = await createLoggedInMember(server);
    const c = await createLoggedInMember(server);
    expect((await send(a, { to: b.email, amount: '1', coin })).statusCode).toBe(200);
    expect((await send(a, { to: c.email, amount: '1', coin })).statusCode).toBe(200);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, b.user.id));
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, c.user.id));
    for (const to of [b.email, c.email]) {
      for (const headers of [{}, { 'idempotency-key': `after-${to}` }] as Record<string, string>[]) {
        const res = await send(a, { to, amount: '1', coin }, headers);
        expect([res.statusCode, res.json().message]).toEqual([404, messages.recipientNotFound]);
      }
    }
    expect(await ledger.balances(a.user.id, [coin])).toEqual({ [coin]: '8' });
    expect(await countRows(server, 'idempotency_keys', sql`user_id = ${a.user.id}`)).toBe(0);
  });

  it('needs an activated vault, membership data, a member account type and a known coin', async () => {
    const b = await createLoggedInMember(server);
    const notActivated = await sender('10', { isWalletActivated: false });
    let res = await send(notActivated, { to: b.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.activateFirst]);
    const noData = await createLoggedInMember(server, { isWalletActivated: true });
    res = await send(noData, { to: b.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.fillGpaFirst]);
    const sdira = await sender('10', { type: 'sdira' });
    res = await send(sdira, { to: b.email, amount: '1', coin });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.sdiraSendsByRequest]);
    const a = await sender('10');
    res = await send(a, { to: b.email, amount: '1', coin: 'NOPE' });
    expect(res.statusCode).toBe(400);
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/native-wallet/send-tokens', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('honours the Idempotency-Key header: a repeat gets the first answer, another body 409', async () => {
    const a = await sender('10');
    const b = await createLoggedInMember(server);
    const key = { 'idempotency-key': `send-${a.user.id}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send(a, { to: b.email, amount: '1', coin }, key)),
    );
    expect(new Set(results.map((r) => r.json().data.entryId)).size).toBe(1);
    expect(await balanceOf(a.user.id)).toBe('9');
    const other = await send(a, { to: b.email, amount: '2', coin }, key);
    expect(other.statusCode).toBe(409);
    // A repeat whose answer was lost gets the first answer even when the recipient was blocked since:
    // the send happened, and saying otherwise would make the member send again.
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, b.user.id));
    const repeat = await send(a, { to: b.email, amount: '1', coin }, key);
    expect([repeat.statusCode, repeat.json().data.entryId]).toEqual([200, results[0]!.json().data.entryId]);
    expect(await balanceOf(a.user.id)).toBe('9');
  });

  it('tells both parties’ open screens at once (nativeWalletUpdate on their e-mail channels)', async () => {
    const a = await sender('10');
    const b = await createLoggedInMember(server);
    const sockets = [await memberSocket(server, a), await memberSocket(server, b)];
    expect((await send(a, { to: b.email, amount: '1', coin })).statusCode).toBe(200);
    const events = await Promise.all(sockets.map((s) => s.next()));
    for (const s of sockets) s.close();
    expect(events.map((e) => e.type)).toEqual(['nativeWalletUpdate', 'nativeWalletUpdate']);
  });
});
