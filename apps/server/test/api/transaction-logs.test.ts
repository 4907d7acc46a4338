import { messages } from '@vault/contract/messages';
import { LOG_TYPES, logDirection, logTitle, type TokenSend, type TransactionLog } from '@vault/contract/schemas/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { users } from '../../src/db/schema.ts';
import { createLedger, fee, type Ledger, move, revenue, treasury } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { createLoggedInMember, createMember, startServer, type TestServer } from '../support.ts';
import { createCoin, createToken, uniqueSymbol } from './fixtures/catalogue.ts';

let server: TestServer;
let ledger: Ledger;

/** A fresh catalogue token per test keeps tests independent on the shared database. */
async function token(type: 'liquidity' | 'asset' = 'liquidity') {
  const symbol = uniqueSymbol('L');
  await createToken(server, {
    coinSymbol: symbol,
    type,
    decimals: 4,
    shortName: `${symbol}-short`,
    iconUrl: `/tokens/${symbol}.svg`,
    isVisibleOnWeb: false,
  });
  return symbol;
}

beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const member = (values: Partial<typeof users.$inferInsert> = {}) =>
  createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });

async function logs(m: Member, query = '') {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/transaction-log/user/logs${query}`,
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: TransactionLog[]; total: number };
}
async function tokenSends(m: Member) {
  const res = await server.app.inject({
    method: 'GET',
    url: '/api/transaction-log/native-token-send',
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TokenSend[] }).data;
}

describe('GET /api/transaction-log/user/logs', () => {
  it('pages 30 at a time, newest first, with the total (65 rows → 30, 30, 5)', async () => {
    const coin = await token();
    const m = await member();
    for (let i = 1; i <= 65; i++) await ledger.credit({ userId: m.user.id, asset: coin, amount: String(i), by: null });
    const pages = [await logs(m), await logs(m, '?page=2'), await logs(m, '?page=3&limit=30')];
    expect(pages.map((p) => p.data.length)).toEqual([30, 30, 5]);
    expect(pages.map((p) => p.total)).toEqual([65, 65, 65]);
    const amounts = pages.flatMap((p) => p.data.map((l) => l.amount));
    expect(amounts).toEqual(Array.from({ length: 65 }, (_, i) => String(65 - i)));
    const times = pages.flatMap((p) => p.data.map((l) => Date.parse(l.createdAt)));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(pages.flatMap((p) => p.data.map((l) => l._id))).size).toBe(65);
    // Past the end: no rows, still the total.
    expect(await logs(m, '?page=4')).toEqual({ data: [], total: 65 });
    expect((await logs(m, '?limit=7&page=2')).data.map((l) => l.amount)).toEqual([
      '58',
      '57',
      '56',
      '55',
      '54',
      '53',
      '52',
    ]);
  });

  it('describes a credit: creditAssets, Credit, completed, the token, the admin’s memo', async () => {
    const coin = await token();
    const m = await member();
    const { entryId } = await ledger.credit({
      userId: m.user.id,
      asset: coin,
      amount: '12.5',
      by: null,
      memo: 'opening',
    });
    const { data, total } = await logs(m);
    expect(total).toBe(1);
    const log = data[0]!;
    expect(log).toMatchObject({
      _id: entryId,
      type: 'creditAssets',
      status: 'completed',
      amount: '12.5',
      coin,
      memo: 'opening',
      message: null,
      from: null,
      to: m.user.id,
      fromUser: null,
      toUser: { _id: m.user.id, email: m.email, name: 'Test Member' },
      fromToken: { coinSymbol: coin, shortName: `${coin}-short`, decimals: 4, icon: { url: `/tokens/${coin}.svg` } },
      toAmount: null,
    });
    expect(logTitle(log.type, log.from === m.user.id)).toBe('Credit');
    expect(logDirection(log.type, log.from === m.user.id)).toBe('deposit');
  });

  it('shows a send as Send to the sender and Receive to the recipient', async () => {
    const coin = await token();
    const [a, b] = [await member(), await member()];
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '10', by: null });
    const { entryId } = await ledger.send({
      from: a.user.id,
      to: b.user.id,
      asset: coin,
      amount: '3.25',
      memo: 'rent',
    });
    const [mine] = (await logs(a)).data;
    const [theirs] = (await logs(b)).data;
    const same = { _id: entryId, type: 'sendAssets', status: 'completed', amount: '3.25', memo: 'rent' };
    // Each side sees its own id and the other member only by e-mail: ids and names stay private.
    expect(mine).toMatchObject({
      ...same,
      from: a.user.id,
      to: b.email,
      fromUser: { _id: a.user.id, email: a.email },
      toUser: { _id: null, name: null, email: b.email },
    });
    expect(theirs).toMatchObject({
      ...same,
      from: a.email,
      to: b.user.id,
      fromUser: { _id: null, name: null, email: a.email },
      toUser: { _id: b.user.id, email: b.email },
    });
    expect(JSON.stringify(mine)).not.toContain(b.user.id);
    expect(JSON.stringify(theirs)).not.toContain(a.user.id);
    expect(logTitle(mine!.type, mine!.from === a.user.id)).toBe('Send');
    expect(logDirection(mine!.type, mine!.from === a.user.id)).toBe('withdraw');
    expect(logTitle(theirs!.type, theirs!.from === b.user.id)).toBe('Receive');
    expect(logDirection(theirs!.type, theirs!.from === b.user.id)).toBe('deposit');
  });

  it('filters by direction, log type and coin; the direction filter agrees with logDirection', async () => {
    const [q, x] = [await token(), await token('asset')];
    const [a, b] = [await member(), await member()];
    await ledger.credit({ userId: a.user.id, asset: q, amount: '100', by: null });
    await ledger.credit({ userId: a.user.id, asset: x, amount: '5', by: null });
    await ledger.send({ from: a.user.id, to: b.user.id, asset: q, amount: '10' });
    await ledger.send({ from: b.user.id, to: a.user.id, asset: q, amount: '4' });
    await ledger.send({ from: a.user.id, to: b.user.id, asset: x, amount: '1' });

    const all = await logs(a);
    expect(all.total).toBe(5);
    const deposits = await logs(a, '?type=deposit');
    const withdrawals = await logs(a, '?type=withdraw');
    expect([deposits.total, withdrawals.total]).toEqual([3, 2]);
    for (const log of deposits.data) expect(logDirection(log.type, log.from === a.user.id)).toBe('deposit');
    for (const log of withdrawals.data) expect(logDirection(log.type, log.from === a.user.id)).toBe('withdraw');
    expect(withdrawals.data.map((l) => [l.coin, l.amount])).toEqual([
      [x, '1'],
      [q, '10'],
    ]);

    expect((await logs(a, '?type=sendAssets')).total).toBe(3);
    expect((await logs(a, '?type=creditAssets')).data.map((l) => l.coin)).toEqual([x, q]);
    expect((await logs(a, '?type=wireDeposit')).total).toBe(0);
    const onlyX = await logs(a, `?coinId=${x}`);
    expect(onlyX.data.map((l) => [l.type, l.amount])).toEqual([
      ['sendAssets', '1'],
      ['creditAssets', '5'],
    ]);
    expect((await logs(a, `?coinId=${q}&type=deposit`)).data.map((l) => l.amount)).toEqual(['4', '100']);
    expect((await logs(a, '?coinId=NOPE1')).total).toBe(0);
    // A pool nobody made: the filter finds nothing (pools' own rows: opportunity-wallets.test.ts).
    expect(await logs(a, `?nftTokenId=${newId()}`)).toEqual({ data: [], total: 0 });
  });

  it('shows a reversal as Debit for the member it takes from', async () => {
    const coin = await token();
    const m = await member();
    const { entryId } = await ledger.credit({ userId: m.user.id, asset: coin, amount: '8', by: null });
    // Only the administrator's id is needed: administrators do not sign in as members (issue 11).
    const admin = await createMember(server, { role: 'admin' });
    const reversal = await ledger.reverse(entryId, admin.user.id, 'credited by mistake');
    const { data } = await logs(m);
    expect(data.map((l) => [l._id, l.type, l.amount, l.memo])).toEqual([
      [reversal.entryId, 'debitAssets', '8', 'credited by mistake'],
      [entryId, 'creditAssets', '8', null],
    ]);
    expect(logTitle(data[0]!.type, data[0]!.from === m.user.id)).toBe('Debit');
    expect((await logs(m, '?type=withdraw')).data.map((l) => l._id)).toEqual([reversal.entryId]);
  });

  it('hides liquidityCredit entries (spec 2 §3), though they count in the balance', async () => {
    const coin = await token();
    const m = await member();
    await ledger.credit({ userId: m.user.id, asset: coin, amount: '1', by: null });
    await ledger.credit({
      userId: m.user.id,
      asset: coin,
      amount: '50',
      by: null,
      metadata: { logType: 'liquidityCredit' },
    });
    expect((await ledger.balances(m.user.id, [coin]))[coin]).toBe('51');
    const { data, total } = await logs(m);
    expect([total, data.map((l) => l.amount)]).toEqual([1, ['1']]);
    expect(await logs(m, '?type=liquidityCredit')).toEqual({ data: [], total: 0 });
    expect((await logs(m, '?type=deposit')).total).toBe(1);
  });

  it('shows only the caller’s own postings', async () => {
    const coin = await token();
    const [a, b, c] = [await member(), await member(), await member()];
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '10', by: null });
    await ledger.credit({ userId: c.user.id, asset: coin, amount: '10', by: null });
    const theirs = await ledger.send({ from: c.user.id, to: b.user.id, asset: coin, amount: '2' });
    await ledger.send({ from: a.user.id, to: b.user.id, asset: coin, amount: '1' });
    const { data, total } = await logs(a);
    expect(total).toBe(2);
    expect(data.map((l) => l._id)).not.toContain(theirs.entryId);
    for (const log of data) expect([log.from, log.to]).toContain(a.user.id);
    // b sees both receipts, c sees their credit and send; nobody sees the others' credits.
    expect((await logs(b)).data.map((l) => l.fromUser?.email)).toEqual([a.email, c.email]);
    expect((await logs(c)).total).toBe(2);
    expect((await logs(await member())).total).toBe(0);
  });

  it('reads a two-asset entry (a swap with a fee) as one row, with both legs, found by either asset', async () => {
    const [gold, q] = [await token('asset'), await token()];
    const m = await member();
    const credit = await ledger.credit({ userId: m.user.id, asset: gold, amount: '3', by: null });
    const me = { userId: m.user.id };
    const swap = await ledger.transact((tx) =>
      tx.post({
        kind: 'swap',
        legs: [...move(me, treasury, gold, '2'), ...move(treasury, me, q, '60'), ...fee(me, q, '0.6', revenue)],
        metadata: { rate: '30' },
      }),
    );
    const { data, total } = await logs(m);
    expect(total).toBe(2);
    expect(data[0]).toEqual({
      _id: swap.entryId,
      type: 'assetToAssetSwap',
      status: 'completed',
      from: m.user.id,
      to: m.user.id,
      fromToken: { coinSymbol: gold, shortName: `${gold}-short`, decimals: 4, icon: { url: `/tokens/${gold}.svg` } },
      toToken: { coinSymbol: q, shortName: `${q}-short`, decimals: 4, icon: { url: `/tokens/${q}.svg` } },
      fromUser: { _id: m.user.id, name: 'Test Member', email: m.email },
      toUser: { _id: m.user.id, name: 'Test Member', email: m.email },
      amount: '2',
      // What the member received, net of the fee paid from it.
      toAmount: '59.4',
      memo: null,
      coin: gold,
      message: null,
      nftTokenDetails: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(logTitle(data[0]!.type, data[0]!.from === m.user.id)).toBe('Swap');
    // One row whichever of its assets the list is filtered by, under its log type and direction.
    expect((await logs(m, `?coinId=${q}`)).data.map((l) => l._id)).toEqual([swap.entryId]);
    expect((await logs(m, `?coinId=${gold}`)).data.map((l) => l._id)).toEqual([swap.entryId, credit.entryId]);
    expect((await logs(m, '?type=assetToAssetSwap')).total).toBe(1);
    expect((await logs(m, '?type=deposit')).total).toBe(2);
    expect((await logs(m, '?type=withdraw')).total).toBe(0);
    // The kind's metadata names a crypto swap.
    const crypto = await ledger.transact((tx) =>
      tx.post({
        kind: 'swap',
        legs: [...move(me, treasury, q, '10'), ...move(treasury, me, gold, '0.25')],
        metadata: { logType: 'cryptoSwap' },
      }),
    );
    expect((await logs(m, '?type=cryptoSwap')).data.map((l) => [l._id, l.amount, l.coin, l.toAmount])).toEqual([
      [crypto.entryId, '10', q, '0.25'],
    ]);
  });

  it('shows a send with a fee once on each side (the sender’s amount with the fee); a fee alone is a Debit', async () => {
    const coin = await token();
    const [a, b] = [await member(), await member()];
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '20', by: null });
    const from = { userId: a.user.id };
    const sent = await ledger.transact((tx) =>
      tx.post({
        kind: 'send',
        legs: [...move(from, { userId: b.user.id }, coin, '10'), ...fee(from, coin, '0.1')],
        metadata: { from: a.user.id, to: b.user.id },
      }),
    );
    const charged = await ledger.transact((tx) =>
      tx.post({ kind: 'fee', legs: fee(from, coin, '2'), metadata: { reason: 'wire fee' } }),
    );
    const mine = (await logs(a)).data;
    expect(mine.map((l) => [l._id, l.type, l.amount, l.toAmount])).toEqual([
      [charged.entryId, 'debitAssets', '2', null],
      [sent.entryId, 'sendAssets', '10.1', null],
      [expect.any(String), 'creditAssets', '20', null],
    ]);
    expect(logTitle(mine[0]!.type, mine[0]!.from === a.user.id)).toBe('Debit');
    expect(logDirection(mine[0]!.type, mine[0]!.from === a.user.id)).toBe('withdraw');
    expect((await logs(b)).data.map((l) => [l._id, l.amount, l.fromUser?.email])).toEqual([
      [sent.entryId, '10', a.email],
    ]);
    expect((await tokenSends(a)).map((r) => [r._id, r.type, r.amount, r.email])).toEqual([
      [sent.entryId, 'Send', '10.1', b.email],
    ]);
  });

  it('rejects bad filters with 400, needs a session and membership data', async () => {
    const m = await member();
    for (const query of ['?type=steal', '?page=0', '?limit=101', '?coinId=bad%20coin', '?nftTokenId=1']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/transaction-log/user/logs${query}`,
        headers: m.headers,
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect(LOG_TYPES).toContain('liquidityCredit');
    for (const url of ['/api/transaction-log/user/logs', '/api/transaction-log/native-token-send']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const noData = await createLoggedInMember(server);
      const res = await server.app.inject({ method: 'GET', url, headers: noData.headers });
      expect([res.statusCode, res.json().message]).toEqual([403, messages.fillGpaFirst]);
    }
  });
});

describe('GET /api/transaction-log/native-token-send', () => {
  it('lists the caller’s sends and receipts, newest first, with the other party’s e-mail', async () => {
    const coin = await token();
    const [a, b, c] = [await member(), await member(), await member()];
    await ledger.credit({ userId: a.user.id, asset: coin, amount: '20', by: null });
    await ledger.credit({ userId: c.user.id, asset: coin, amount: '20', by: null });
    const first = await ledger.send({ from: a.user.id, to: b.user.id, asset: coin, amount: '1.5', memo: 'one' });
    const second = await ledger.send({ from: c.user.id, to: a.user.id, asset: coin, amount: '2' });
    await ledger.send({ from: c.user.id, to: b.user.id, asset: coin, amount: '3' });
    const rows = await tokenSends(a);
    expect(rows).toEqual([
      expect.objectContaining({
        _id: second.entryId,
        email: c.email,
        direction: 'received',
        type: 'Receive',
        coin,
        decimals: 4,
        amount: '2',
        memo: null,
        status: 'completed',
      }),
      expect.objectContaining({
        _id: first.entryId,
        email: b.email,
        direction: 'sent',
        type: 'Send',
        amount: '1.5',
        memo: 'one',
        status: 'completed',
      }),
    ]);
    expect((await tokenSends(b)).map((r) => [r.email, r.direction])).toEqual([
      [c.email, 'received'],
      [a.email, 'received'],
    ]);
    // A crypto coin's send shows at the crypto display decimals (spec 1 §9: 5), not the coin's 8.
    const btc = await createCoin(server, { price: '97250.18' });
    await ledger.credit({ userId: a.user.id, asset: btc.coinSymbol, amount: '1', by: null });
    await ledger.send({ from: a.user.id, to: b.user.id, asset: btc.coinSymbol, amount: '0.123' });
    expect((await tokenSends(a))[0]).toMatchObject({ coin: btc.coinSymbol, decimals: 5, amount: '0.123' });
    const limited = await server.app.inject({
      method: 'GET',
      url: '/api/transaction-log/native-token-send?limit=1',
      headers: b.headers,
    });
    expect(limited.json().data).toHaveLength(1);
  });
});
