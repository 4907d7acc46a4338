import { randomUUID } from 'node:crypto';
import { messages } from '@vault/contract/messages';
import { add, compare, normalize, subtract } from '@vault/contract/money';
import type { SwapFlow, SwapQuote } from '@vault/contract/schemas/swap';
import type { TransactionLog } from '@vault/contract/schemas/wallet';
import { priceSwap, spreadBps } from '@vault/contract/swap-pricing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, holds, memberRequests, notifications, type users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  memberSocket,
  startServer,
  type TestServer,
} from '../support.ts';
import { createCoin, createToken } from './fixtures/catalogue.ts';

let server: TestServer;
let ledger: Ledger;
let admin: Awaited<ReturnType<typeof createAdmin>>;
/** Test files share the database: symbols of this file's own. */
let L: string; // liquidity, 1 USD, 2 decimals
let A1: string; // asset, 30 USD, 4 decimals
let A2: string; // asset, 2000 USD, 4 decimals
let S: string; // legacy (sdira), 30 USD, 4 decimals
let C: string; // crypto coin, 50000 USD, 8 decimals

beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  admin = await createAdmin(server);
  L = (await createToken(server, { type: 'liquidity', price: '1', decimals: 2, isVisibleOnWeb: false })).coinSymbol;
  A1 = (await createToken(server, { type: 'asset', price: '30', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  A2 = (await createToken(server, { type: 'asset', price: '2000', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  S = (await createToken(server, { type: 'sdira', price: '30', decimals: 4, isVisibleOnWeb: false })).coinSymbol;
  C = (await createCoin(server, { price: '50000', decimals: 8 })).coinSymbol;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createLoggedInMember>>;
const member = (values: Partial<typeof users.$inferInsert> = {}) =>
  createLoggedInMember(server, { isWalletActivated: true, gpaData: { displayName: 'x' }, ...values });
/** An activated member holding `balances`, credited from the treasury. */
async function holder(balances: Record<string, string>, values: Partial<typeof users.$inferInsert> = {}) {
  const m = await member(values);
  for (const [asset, amount] of Object.entries(balances)) {
    await ledger.credit({ userId: m.user.id, asset, amount, by: null });
  }
  return m;
}
const balance = async (userId: string, asset: string) => (await ledger.balances(userId, [asset]))[asset] ?? '0';
const systemBalance = async (kind: string, asset: string) => {
  const r = await server.db.execute<{ b: string }>(
    sql`select balance::text as b from ledger_accounts where kind = ${kind} and asset = ${asset} and user_id is null`,
  );
  return r.rows[0] ? normalize(r.rows[0].b) : '0';
};

const rateRes = (m: { headers: object }, flow: string, query: Record<string, string>) =>
  server.app.inject({
    method: 'GET',
    url: `/api/native-token/rates/${flow}/swap?${new URLSearchParams(query)}`,
    headers: m.headers as Record<string, string>,
  });
async function quote(m: Member, flow: SwapFlow, from: string, to: string, amount = '1'): Promise<SwapQuote> {
  const res = await rateRes(m, flow, { from, to, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const SWAP_URL: Record<SwapFlow, string> = {
  crypto: '/api/native-wallet/swap',
  assets: '/api/native-wallet/assets-swap',
  legacy: '/api/request/create-swap-request',
};
const post = (m: { headers: object }, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...m.headers, ...headers } });
/** Quotes `amount` and pays it: the quote's body, posted to the flow's route. */
async function swap(m: Member, flow: SwapFlow, from: string, to: string, amount: string, url = SWAP_URL[flow]) {
  const q = await quote(m, flow, from, to, amount);
  const res = await post(m, url, { coinSymbol: from, amount, to, quoteId: q.quoteId });
  return { q, res };
}
const decide = (id: string, action: 'approve' | 'reject', reason = 'Not now') =>
  server.app.inject({
    method: 'POST',
    url: `/api/admin/requests/${id}/${action}`,
    headers: admin.headers,
    ...(action === 'reject' ? { payload: { reason } } : {}),
  });
async function logsOf(m: Member) {
  const res = await server.app.inject({ method: 'GET', url: '/api/transaction-log/user/logs', headers: m.headers });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: TransactionLog[] }).data;
}
/** The postings of one journal entry, as (owner, kind, asset, amount) rows. */
async function postingsOf(entryId: string) {
  const r = await server.db.execute<{ user_id: string | null; kind: string; asset: string; amount: string }>(sql`
    select a.user_id, a.kind, p.asset, p.amount::text as amount
    from postings p join ledger_accounts a on a.id = p.account_id
    where p.entry_id = ${entryId} order by p.id`);
  return r.rows.map((p) => ({ who: p.user_id ? 'member' : p.kind, asset: p.asset, amount: normalize(p.amount) }));
}
const lotsOf = async (userId: string, asset: string) =>
  (await ledger.lots(userId)).filter((lot) => lot.asset === asset);

describe('GET /api/native-token/rates/{flow}/swap', () => {
  it('quotes the catalogue prices less the spread, for amount 1 as the screens ask, signed and firm for 60 s', async () => {
    const m = await holder({ [C]: '1' });
    const before = Date.now();
    const q = await quote(m, 'crypto', C, L);
    const bps = spreadBps(q.spreadPercent);
    expect(q).toMatchObject({
      flow: 'crypto',
      from: C,
      to: L,
      amount: '1',
      fromPrice: '50000',
      toPrice: '1',
      marketRate: '50000',
      byRequest: false,
    });
    expect(q.rate).toBe(normalize(subtract('50000', priceSwap('1', { ...q, spreadBps: bps, toDecimals: 8 }).fee)));
    expect(priceSwap('1', { ...q, spreadBps: bps, toDecimals: 2 })).toEqual({
      grossAmount: q.grossAmount,
      fee: q.fee,
      receiveAmount: q.receiveAmount,
    });
    expect(add(q.receiveAmount, q.fee)).toBe(q.grossAmount);
    const expires = Date.parse(q.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(59_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(60_000);
    // The wallet id of the member's own wallet names the target too (spec 2 §7: to is a wallet id).
    const byWallet = await quote(m, 'crypto', C, `${m.user.id}:${L}`);
    expect(byWallet.to).toBe(L);
  });

  it('the spread is an administrator setting (default 0.5 %), changed by an audited route', async () => {
    const m = await holder({ [A1]: '10' });
    expect((await quote(m, 'assets', A1, A2)).spreadPercent).toBe('0.5');
    const set = (headers: object, swapSpreadPercent: unknown) =>
      post({ headers }, '/api/admin/settings/swap-spread', { swapSpreadPercent });
    expect((await set(m.headers, '1')).statusCode).toBe(403);
    for (const bad of ['10.01', '-1', 'abc', '0.001', '']) {
      const res = await set(admin.headers, bad);
      expect([res.statusCode, res.json().message], bad).toEqual([400, messages.swapSpreadInvalid]);
    }
    try {
      const res = await set(admin.headers, '1.25');
      expect(res.json()).toEqual({ message: messages.swapSpreadUpdated, data: { swapSpreadPercent: '1.25' } });
      const q = await quote(m, 'assets', A1, A2, '10');
      // 10 × 30 / 2000 = 0.15 A2; 1.25 % of it is 0.001875, half-up to 4 decimals 0.0019.
      expect(q).toMatchObject({ spreadPercent: '1.25', grossAmount: '0.15', fee: '0.0019', receiveAmount: '0.1481' });
      const [row] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'settings.swapSpread')));
      expect(row?.details).toEqual({ swapSpreadPercent: '1.25', previous: '0.5' });
      // Members see it before confirming (the settings they read carry it too).
      const settings = await server.app.inject({ method: 'GET', url: '/api/settings', headers: m.headers });
      expect(settings.json().swapSpreadPercent).toBe('1.25');
    } finally {
      await set(admin.headers, '0.5');
    }
  });

  it('offers only the flow’s pairs, never into a legacy token or a coin, with the reason under the field', async () => {
    const m = await holder({ [A1]: '10', [C]: '1', [L]: '100' });
    const refused = async (flow: string, from: string, to: string, status: number, message: string) => {
      const res = await rateRes(m, flow, { from, to, amount: '1' });
      expect([res.statusCode, res.json().message], `${flow} ${from}→${to}`).toEqual([status, message]);
    };
    await refused('crypto', A1, L, 400, messages.swapPairNotOffered);
    await refused('crypto', C, A1, 400, messages.swapPairNotOffered);
    await refused('assets', C, A1, 400, messages.swapPairNotOffered);
    await refused('assets', A1, A1, 400, messages.swapSameToken);
    await refused('assets', A1, S, 400, messages.swapTargetLegacy);
    await refused('assets', L, C, 400, messages.swapPairNotOffered);
    await refused('assets', S, A1, 400, messages.legacySwapsByRequest);
    await refused('legacy', A1, L, 400, messages.swapPairNotOffered);
    await refused('assets', 'NOPE', A1, 400, messages.unknownAsset);
    await refused('crypto', C, 'NOPE', 400, messages.unknownAsset);
    // Someone else's wallet id is not the member's to name.
    const other = await member();
    await refused('crypto', C, `${other.user.id}:${L}`, 404, messages.notFound);
    // The amount is checked as the screens check it (spec 2 §5), and against the token's decimals.
    expect((await rateRes(m, 'assets', { from: A1, to: A2, amount: '0' })).json().message).toBe(
      messages.swapAmountZero,
    );
    expect((await rateRes(m, 'assets', { from: A1, to: A2, amount: '0.00001' })).json().message).toBe(
      'number field must have 4 digits after decimal or less',
    );
    // An amount worth less than the smallest unit received is refused, not quoted at 0.
    const tiny = await rateRes(m, 'crypto', { from: C, to: L, amount: '0.00000001' });
    expect([tiny.statusCode, tiny.json().message]).toEqual([400, messages.swapTooSmall]);
  });
});

describe('POST /api/native-wallet/swap (crypto → CQR Dollars)', () => {
  it('pays the quote: one entry, the treasury on the other side, the spread to revenue; live update', async () => {
    const m = await holder({ [C]: '0.3' });
    const socket = await memberSocket(server, m);
    const revenueBefore = await systemBalance('revenue', L);
    const { q, res } = await swap(m, 'crypto', C, L, '0.25');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(messages.tokenSwapDone);
    expect(body.data).toMatchObject({
      from: C,
      to: L,
      amount: '0.25',
      receiveAmount: q.receiveAmount,
      fee: q.fee,
      rate: q.rate,
    });
    // 0.25 × 50000 = 12500 gross; 0.5 % = 62.5 to revenue; 12437.5 received.
    expect([q.grossAmount, q.fee, q.receiveAmount]).toEqual(['12500', '62.5', '12437.5']);
    expect([await balance(m.user.id, C), await balance(m.user.id, L)]).toEqual(['0.05', '12437.5']);
    expect(await systemBalance('revenue', L)).toBe(add(revenueBefore, '62.5'));
    expect(await postingsOf(body.data.entryId)).toEqual([
      { who: 'member', asset: C, amount: '-0.25' },
      { who: 'treasury', asset: C, amount: '0.25' },
      { who: 'treasury', asset: L, amount: '-12500' },
      { who: 'member', asset: L, amount: '12500' },
      { who: 'member', asset: L, amount: '-62.5' },
      { who: 'revenue', asset: L, amount: '62.5' },
    ]);
    expect((await socket.next()).type).toBe('nativeWalletUpdate');
    socket.close();
    // One row in the history: what was given and what was received, net of the spread.
    const [log] = await logsOf(m);
    expect(log).toMatchObject({
      type: 'cryptoSwap',
      status: 'completed',
      amount: '0.25',
      coin: C,
      toAmount: '12437.5',
      toToken: { coinSymbol: L },
    });
  });

  it('refuses an expired quote and one whose rate moved beyond the spread; honours one within it', async () => {
    const m = await holder({ [A1]: '100' });
    const priceOf = (coinSymbol: string, price: string) =>
      post(admin, '/api/admin/prices', { coinSymbol, price }).then((r) => expect(r.statusCode, r.body).toBe(200));
    // Expired: the same quote a minute and a second later.
    const q = await quote(m, 'assets', A1, A2, '10');
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    let res = await post(m, SWAP_URL.assets, { coinSymbol: A1, amount: '10', to: A2, quoteId: q.quoteId });
    clock.mockRestore();
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      409,
      'QUOTE_EXPIRED',
      messages.swapQuoteExpired,
    ]);
    expect(await balance(m.user.id, A1)).toBe('100');

    // The market moves 0.2 %, within the 0.5 % spread: the quote is paid exactly as quoted.
    const within = await quote(m, 'assets', A1, A2, '10');
    await priceOf(A2, '2004');
    res = await post(m, SWAP_URL.assets, { coinSymbol: A1, amount: '10', to: A2, quoteId: within.quoteId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.receiveAmount).toBe(within.receiveAmount);
    expect(await balance(m.user.id, A2)).toBe(within.receiveAmount);

    // It moves 5 %: refused, nothing moves, and a new quote is priced at the new rate.
    const beyond = await quote(m, 'assets', A1, A2, '10');
    await priceOf(A1, '31.5');
    res = await post(m, SWAP_URL.assets, { coinSymbol: A1, amount: '10', to: A2, quoteId: beyond.quoteId });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([
      409,
      'PRICE_MOVED',
      messages.swapPriceMoved,
    ]);
    expect(await balance(m.user.id, A1)).toBe('90');
    const fresh = await quote(m, 'assets', A1, A2, '10');
    expect(fresh.fromPrice).toBe('31.5');
    await priceOf(A1, '30');
    await priceOf(A2, '2000');
  });

  it('refuses a quote that is not this member’s, not this swap’s, or not ours', async () => {
    const m = await holder({ [C]: '1' });
    const other = await holder({ [C]: '1' });
    const q = await quote(m, 'crypto', C, L, '0.1');
    const attempt = async (who: Member, body: Record<string, unknown>) => {
      const res = await post(who, SWAP_URL.crypto, {
        coinSymbol: C,
        amount: '0.1',
        to: L,
        quoteId: q.quoteId,
        ...body,
      });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'QUOTE_INVALID']);
    };
    await attempt(other, {});
    await attempt(m, { amount: '0.2' });
    // Quoted on another flow's route.
    const assetsQuote = await quote(await holder({ [A1]: '1' }), 'assets', A1, A2, '1');
    await attempt(m, { quoteId: assetsQuote.quoteId });
    // Altered: a payload re-encoded with a better price keeps the old signature.
    const [data, signature] = q.quoteId.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...payload, pf: '90000', r: '8955' })).toString('base64url');
    await attempt(m, { quoteId: `${altered}.${signature}` });
    for (const quoteId of ['x', 'a.b', `${data}.`, `.${signature}`, `${data}.${signature}.x`, '🙂.🙂']) {
      await attempt(m, { quoteId });
    }
    expect(await balance(m.user.id, C)).toBe('1');
  });

  it('answers every validation message of spec 2 §5 "Swap"', async () => {
    const m = await holder({ [C]: '1', [A1]: '5' });
    const cases: [SwapFlow, string, string][] = [
      ['crypto', '', messages.swapEnterAmount],
      ['crypto', '0', messages.swapAmountZero],
      ['crypto', '-1', messages.invalidAmount],
      ['crypto', 'abc', messages.invalidAmount],
      ['crypto', '1.123456789', 'number field must have 8 digits after decimal or less'],
      ['crypto', '100000000.1', 'max 8 number required'],
      ['assets', '', messages.swapEnterAmount],
      ['assets', '0', messages.swapAmountZero],
      ['assets', '-1', messages.assetSwapInvalidAmount],
      ['assets', '1,5', messages.assetSwapInvalidAmount],
    ];
    for (const [flow, amount, message] of cases) {
      const to = flow === 'crypto' ? L : A2;
      const from = flow === 'crypto' ? C : A1;
      const res = await post(m, SWAP_URL[flow], { coinSymbol: from, amount, to, quoteId: 'x.y' });
      expect([res.statusCode, res.json().fields?.amount], `${flow} '${amount}'`).toEqual([400, message]);
    }
    // A missing amount says the same as an empty one.
    const missing = await post(m, SWAP_URL.crypto, { coinSymbol: C, to: L, quoteId: 'x.y' });
    expect(missing.json().fields.amount).toBe(messages.swapEnterAmount);
    // Zero or too small a balance: 'Insufficient balance' (spec 2 §5), before any quote is looked at.
    const empty = await member();
    for (const [who, amount] of [
      [empty, '1'],
      [m, '6'],
    ] as const) {
      const res = await post(who, SWAP_URL.assets, { coinSymbol: A1, amount, to: A2, quoteId: 'x.y' });
      expect([res.statusCode, res.json().message]).toEqual([400, messages.insufficientBalance]);
    }
  });

  it('only activated members swap (403); sdira members and legacy tokens are told to request', async () => {
    const idle = await holder({ [C]: '1', [A1]: '1' }, { isWalletActivated: false });
    for (const [method, url, payload] of [
      ['GET', `/api/native-token/rates/crypto/swap?from=${C}&to=${L}`, undefined],
      ['POST', SWAP_URL.crypto, { coinSymbol: C, amount: '1', to: L, quoteId: 'x.y' }],
      ['POST', SWAP_URL.assets, { coinSymbol: A1, amount: '1', to: A2, quoteId: 'x.y' }],
      ['POST', SWAP_URL.legacy, { coinSymbol: A1, amount: '1', to: A2, quoteId: 'x.y' }],
    ] as const) {
      const res = await server.app.inject({ method, url, payload, headers: idle.headers });
      expect([res.statusCode, res.json().code, res.json().message], url).toEqual([
        403,
        'NOT_ACTIVATED',
        messages.activateFirst,
      ]);
    }
    const sdira = await holder({ [A1]: '10', [S]: '10' }, { type: 'sdira' });
    const q = await quote(sdira, 'assets', A1, A2, '1');
    expect(q.byRequest).toBe(true);
    const res = await post(sdira, SWAP_URL.assets, { coinSymbol: A1, amount: '1', to: A2, quoteId: q.quoteId });
    expect([res.statusCode, res.json().message]).toEqual([403, messages.sdiraSwapsByRequest]);
    // Without membership data: the gate of spec 1 §6.
    const noData = await holder({ [A1]: '1' }, { gpaData: null });
    expect((await rateRes(noData, 'assets', { from: A1, to: A2 })).json().message).toBe(messages.fillGpaFirst);
  });
});

describe('POST /api/native-wallet/assets-swap: lots', () => {
  it('takes the asset given FIFO and makes the asset received a new lot dated at the swap', async () => {
    const m = await holder({ [A1]: '10' });
    // The first lot is old (held since long before), the second new.
    await server.db.execute(sql`
      update asset_lots set acquired_at = now() - interval '400 days'
      where account_id in (select id from ledger_accounts where user_id = ${m.user.id} and asset = ${A1})`);
    await ledger.credit({ userId: m.user.id, asset: A1, amount: '5', by: null });
    const { q, res } = await swap(m, 'assets', A1, A2, '12');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.assetsSwapDone);
    // The old lot is gone first; 3 of the new one remain.
    const a1 = await lotsOf(m.user.id, A1);
    expect(a1.map((l) => l.remaining)).toEqual(['3']);
    expect(Date.now() - a1[0]!.acquiredAt.getTime()).toBeLessThan(60_000);
    // What was received is one lot of exactly the net amount (the spread shrinks it), dated now.
    const a2 = await lotsOf(m.user.id, A2);
    expect(a2.map((l) => l.remaining)).toEqual([q.receiveAmount]);
    expect(Date.now() - a2[0]!.acquiredAt.getTime()).toBeLessThan(60_000);
    const [entry] = await server.db
      .execute<{ n: number }>(sql`select count(*)::int as n from lot_takes where entry_id = ${res.json().data.entryId}`)
      .then((r) => r.rows);
    expect(entry!.n).toBe(2);
    expect(await countRows(server, 'asset_lots', sql`entry_id = ${res.json().data.entryId}`)).toBe(1);
  });

  it("answers 'Swap successfully done' when one side is a liquidity token", async () => {
    const m = await holder({ [A1]: '2', [L]: '100' });
    let { res } = await swap(m, 'assets', A1, L, '1');
    expect([res.statusCode, res.json().message]).toEqual([200, messages.swapDone]);
    ({ res } = await swap(m, 'assets', L, A1, '30'));
    expect([res.statusCode, res.json().message]).toEqual([200, messages.swapDone]);
  });
});

describe('idempotency and concurrency', () => {
  it('a repeated Idempotency-Key gets the first answer, also after the quote expired; another body is 409', async () => {
    const m = await holder({ [C]: '1' });
    const q = await quote(m, 'crypto', C, L, '0.1');
    const key = { 'idempotency-key': randomUUID() };
    const body = { coinSymbol: C, amount: '0.1', to: L, quoteId: q.quoteId };
    const first = await post(m, SWAP_URL.crypto, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 120_000);
    const again = await post(m, SWAP_URL.crypto, body, key);
    clock.mockRestore();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(m.user.id, C)).toBe('0.9');
    const other = await post(m, SWAP_URL.crypto, { ...body, amount: '0.2' }, key);
    expect([other.statusCode, other.json().code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    // Concurrent repeats of a new key: one swap.
    const key2 = { 'idempotency-key': randomUUID() };
    const q2 = await quote(m, 'crypto', C, L, '0.1');
    const body2 = { ...body, quoteId: q2.quoteId };
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(m, SWAP_URL.crypto, body2, key2)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.entryId)).size).toBe(1);
    expect(await balance(m.user.id, C)).toBe('0.8');
  });

  it('concurrent swaps never overdraw: each pays or is refused, the balance and the lots stay whole', async () => {
    const m = await holder({ [A1]: '10' });
    const q = await quote(m, 'assets', A1, A2, '4');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        post(m, SWAP_URL.assets, { coinSymbol: A1, amount: '4', to: A2, quoteId: q.quoteId }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) {
      expect(a.json().message).toBe(messages.insufficientBalance);
    }
    expect(await balance(m.user.id, A1)).toBe('2');
    const remaining = (await lotsOf(m.user.id, A1)).reduce((sum, l) => add(sum, l.remaining), '0');
    expect(remaining).toBe('2');
    expect(await balance(m.user.id, A2)).toBe(add(q.receiveAmount, q.receiveAmount));
  });
});

describe('swap requests: sdira members and legacy tokens', () => {
  const requestOf = async (id: string) =>
    (await server.db.select().from(memberRequests).where(eq(memberRequests.id, id)))[0]!;

  it('a legacy swap is a request with a hold; approval pays exactly the quote, once', async () => {
    const m = await holder({ [S]: '20' }, { type: 'sdira' });
    const q = await quote(m, 'legacy', S, A1, '12');
    expect(q.byRequest).toBe(true);
    const res = await post(m, SWAP_URL.legacy, {
      coinSymbol: S,
      amount: '12',
      to: A1,
      quoteId: q.quoteId,
      requestType: 'legacy',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.legacySwapRequestSent);
    const id = res.json().data.requestId as string;
    const row = await requestOf(id);
    expect(row).toMatchObject({ kind: 'swap', status: 'pending', userId: m.user.id, asset: S, toAsset: A1 });
    expect(normalize(row.amount)).toBe('12');
    expect(normalize(row.toAmount!)).toBe(q.receiveAmount);
    const [hold] = await server.db.select().from(holds).where(eq(holds.id, row.holdId));
    expect(hold).toMatchObject({ status: 'placed', asset: S });
    expect(await balance(m.user.id, S)).toBe('8');
    // The member's history: the request, pending.
    const [pendingLog] = await logsOf(m);
    expect(pendingLog).toMatchObject({ type: 'assetToAssetSwap', status: 'pending', amount: '12', coin: S });

    // The back office sees it among the requests.
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/admin/requests?status=pending',
      headers: admin.headers,
    });
    expect(list.json().data.find((r: { _id: string }) => r._id === id)).toMatchObject({
      kind: 'swap',
      coin: S,
      amount: '12',
      toCoin: A1,
      toAmount: q.receiveAmount,
    });

    // Two administrators approve at once: one pays, the other is told it was decided.
    const socket = await memberSocket(server, m);
    const answers = await Promise.all([decide(id, 'approve'), decide(id, 'approve')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!;
    expect(ok.json()).toMatchObject({ message: messages.swapRequestApproved, data: { status: 'approved' } });
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(messages.holdAlreadyResolved);
    expect((await decide(id, 'reject')).statusCode).toBe(409);
    expect([await balance(m.user.id, S), await balance(m.user.id, A1)]).toEqual(['8', q.receiveAmount]);
    expect((await socket.next()).type).toBe('nativeWalletUpdate');
    socket.close();
    // The tokens received are a lot dated at the approval; the given legacy lots left oldest first.
    const received = await lotsOf(m.user.id, A1);
    expect(received.map((l) => l.remaining)).toEqual([q.receiveAmount]);
    expect((await lotsOf(m.user.id, S)).map((l) => l.remaining)).toEqual(['8']);
    const logs = await logsOf(m);
    expect(logs.slice(0, 2).map((l) => [l.type, l.status, l.coin])).toEqual([
      ['assetToAssetSwap', 'completed', A1],
      ['assetToAssetSwap', 'completed', S],
    ]);
    const notices = await server.db.select().from(notifications).where(eq(notifications.userId, m.user.id));
    expect(notices.map((n) => n.message)).toContain(
      `Your swap request of 12 ${S} for ${q.receiveAmount} ${A1} was approved`,
    );
    const audits = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'request.approve')));
    expect(audits).toHaveLength(1);
  });

  it('rejection returns the held tokens exactly once, with the reason', async () => {
    const m = await holder({ [S]: '5' }, { type: 'sdira' });
    const q = await quote(m, 'legacy', S, L, '5');
    const res = await post(m, SWAP_URL.legacy, { coinSymbol: S, amount: '5', to: L, quoteId: q.quoteId });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.requestId as string;
    expect(await balance(m.user.id, S)).toBe('0');
    const answers = await Promise.all([decide(id, 'reject', 'Price review'), decide(id, 'approve')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const decided = await requestOf(id);
    if (decided.status === 'rejected') {
      expect(decided.rejectionReason).toBe('Price review');
      expect([await balance(m.user.id, S), await balance(m.user.id, L)]).toEqual(['5', '0']);
      const [log] = await logsOf(m);
      expect(log).toMatchObject({ status: 'rejected', message: 'Request rejected: Price review' });
    } else {
      expect([await balance(m.user.id, S), await balance(m.user.id, L)]).toEqual(['0', q.receiveAmount]);
    }
    expect(await countRows(server, 'holds', sql`user_id = ${m.user.id} and status = 'placed'`)).toBe(0);
  });

  it('sdira members request in every flow; ordinary members with ordinary tokens are told to swap', async () => {
    const m = await holder({ [C]: '1', [A1]: '10' }, { type: 'sdira' });
    let { res } = await swap(m, 'crypto', C, L, '0.01', SWAP_URL.legacy);
    expect([res.statusCode, res.json().message], res.body).toEqual([200, messages.swapRequestSent]);
    ({ res } = await swap(m, 'assets', A1, A2, '1', SWAP_URL.legacy));
    expect([res.statusCode, res.json().message], res.body).toEqual([200, messages.swapRequestSent]);
    expect([await balance(m.user.id, C), await balance(m.user.id, A1)]).toEqual(['0.99', '9']);
    // A legacy token held by an ordinary member is swapped by request too.
    const ordinary = await holder({ [S]: '3', [A1]: '3' });
    ({ res } = await swap(ordinary, 'legacy', S, A1, '1', SWAP_URL.legacy));
    expect([res.statusCode, res.json().message], res.body).toEqual([200, messages.legacySwapRequestSent]);
    ({ res } = await swap(ordinary, 'assets', A1, A2, '1', SWAP_URL.legacy));
    expect([res.statusCode, res.json().message]).toEqual([400, messages.swapRequestsNotNeeded]);
    expect(await balance(ordinary.user.id, A1)).toBe('3');
  });

  it('the request’s hold cannot be spent twice: concurrent requests stop at the balance', async () => {
    const m = await holder({ [S]: '10' }, { type: 'sdira' });
    const q = await quote(m, 'legacy', S, A1, '4');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => post(m, SWAP_URL.legacy, { coinSymbol: S, amount: '4', to: A1, quoteId: q.quoteId })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(await balance(m.user.id, S)).toBe('2');
    expect(await countRows(server, 'member_requests', sql`user_id = ${m.user.id}`)).toBe(2);
    // A repeated key makes no second request.
    const key = { 'idempotency-key': randomUUID() };
    const q2 = await quote(m, 'legacy', S, A1, '1');
    const body = { coinSymbol: S, amount: '1', to: A1, quoteId: q2.quoteId };
    const [a, b] = await Promise.all([post(m, SWAP_URL.legacy, body, key), post(m, SWAP_URL.legacy, body, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await balance(m.user.id, S)).toBe('1');
  });
});

describe('GET /api/native-wallet/validate-swap', () => {
  const validate = (m: { headers: object }, query: Record<string, string>) =>
    server.app
      .inject({
        method: 'GET',
        url: `/api/native-wallet/validate-swap?${new URLSearchParams(query)}`,
        headers: m.headers as Record<string, string>,
      })
      .then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      });

  it('answers status and the message a swap would refuse with', async () => {
    const m = await holder({ [A1]: '2' });
    expect(await validate(m, {})).toEqual({ status: true, message: messages.swapAllowed });
    expect(await validate(m, { from: A1, to: A2, amount: '1' })).toEqual({
      status: true,
      message: messages.swapAllowed,
    });
    expect(await validate(m, { from: A1, to: A2, amount: '3' })).toEqual({
      status: false,
      message: messages.insufficientBalance,
    });
    expect(await validate(m, { from: A1, to: A2, amount: '-3' })).toEqual({
      status: false,
      message: messages.assetSwapInvalidAmount,
    });
    expect(await validate(m, { from: A1, to: A2, amount: '' })).toEqual({
      status: false,
      message: messages.swapEnterAmount,
    });
    expect(await validate(m, { from: A1, to: S, amount: '1' })).toEqual({
      status: false,
      message: messages.swapTargetLegacy,
    });
    const idle = await member({ isWalletActivated: false });
    expect(await validate(idle, {})).toEqual({ status: false, message: messages.activateFirst });
  });
});

describe('bad input never answers 5xx and moves nothing', () => {
  it('garbage in every place a swap route reads', async () => {
    const m = await holder({ [A1]: '1', [C]: '1' });
    const before = [await balance(m.user.id, A1), await balance(m.user.id, C)];
    const bodies: unknown[] = [
      {},
      [],
      { coinSymbol: A1 },
      { coinSymbol: 'a1', amount: '1', to: A2, quoteId: 'x.y' },
      { coinSymbol: A1, amount: 1, to: A2, quoteId: 'x.y' },
      { coinSymbol: A1, amount: '1e3', to: A2, quoteId: 'x.y' },
      { coinSymbol: A1, amount: '1', to: `${randomUUID()}:${A2}`, quoteId: 'x.y' },
      { coinSymbol: A1, amount: '1', to: A2, quoteId: 'x'.repeat(1001) },
      { coinSymbol: A1, amount: '1', to: A2, quoteId: null },
      { coinSymbol: A1, amount: '1', to: A2, quoteId: `${Buffer.from('{"v":1}').toString('base64url')}.abc` },
      { coinSymbol: A1, amount: '1', to: A2, quoteId: 'x.y', requestType: 'other' },
      { coinSymbol: A1, amount: '9'.repeat(50), to: A2, quoteId: 'x.y' },
    ];
    for (const url of Object.values(SWAP_URL)) {
      for (const payload of bodies) {
        const res = await post(m, url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${JSON.stringify(payload)} ${res.body}`).toBeLessThan(500);
        expect(res.json()).toHaveProperty('message');
      }
    }
    const queries = [
      'crypto/swap',
      'crypto/swap?from=',
      `nope/swap?from=${A1}&to=${A2}`,
      `assets/swap?from=${A1}&to=${A2}&amount=abc`,
      `assets/swap?from=${A1}&to=${A2}&amount=1&amount=2`,
      `assets/swap?from=${A1}&to=${A2}:x`,
      `assets/swap?from=${A1}&to=${'A'.repeat(500)}`,
    ];
    for (const q of queries) {
      const res = await server.app.inject({ method: 'GET', url: `/api/native-token/rates/${q}`, headers: m.headers });
      expect(res.statusCode, `${q} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, q).toBeLessThan(500);
    }
    for (const q of ['flow=nope', `from=${A1}&to=nope`, 'amount=%00', `from=${A1}&to=${A2}&amount=${'1'.repeat(60)}`]) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/native-wallet/validate-swap?${q}`,
        headers: m.headers,
      });
      expect(res.statusCode, `${q} ${res.body}`).toBeLessThan(500);
    }
    // Anonymous callers are refused before anything is read.
    expect((await server.app.inject({ method: 'POST', url: SWAP_URL.crypto, payload: {} })).statusCode).toBe(401);
    expect([await balance(m.user.id, A1), await balance(m.user.id, C)]).toEqual(before);
    expect(compare(await balance(m.user.id, A1), '0')).toBe(1);
  });
});
