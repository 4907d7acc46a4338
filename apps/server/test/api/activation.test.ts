import type { AddressInfo } from 'node:net';
import { fillMessage, messages } from '@vault/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nativeTokens, users } from '../../src/db/schema.ts';
import { createLedger, type Ledger } from '../../src/ledger/index.ts';
import { newId } from '../../src/lib/ids.ts';
import { countRows, createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createCoin, createToken, uniqueSymbol } from './fixtures/catalogue.ts';

/**
 * The activation value is 21 × the price of XAG, the one silver token: this file sets it (and is the only
 * test file that does), so the amounts below are exact.
 */
const SILVER = '31.42';

let server: TestServer;
let ledger: Ledger;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let nine: Awaited<ReturnType<typeof createCoin>>;
let btc: Awaited<ReturnType<typeof createCoin>>;
let dollar: Awaited<ReturnType<typeof createToken>>;
let legacy: Awaited<ReturnType<typeof createToken>>;
let hidden: Awaited<ReturnType<typeof createToken>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startServer();
  ledger = createLedger(server.db);
  admin = await createAdmin(server);
  await server.db
    .insert(nativeTokens)
    .values({
      id: newId(),
      coinSymbol: 'XAG',
      name: 'Silver Asset Token',
      displayName: 'Silver',
      shortName: 'XAG',
      displaySymbol: 'XAG',
      description: 'Backed by 1 oz of 0.999 fine silver.',
      type: 'asset',
      iconUrl: '/tokens/xag.svg',
      coinColor: '#9aa5b1',
      price: SILVER,
      decimals: 4,
      orderIndex: 2,
    })
    .onConflictDoNothing();
  await server.db.update(nativeTokens).set({ price: SILVER }).where(eq(nativeTokens.coinSymbol, 'XAG'));
  // 659.82 / 9 = 73.3133…: rounded up, 73.32 is needed (half-up would say 73.31, which is not enough).
  nine = await createCoin(server, { price: '9', decimals: 2, depositAddress: 'nine-deposit' });
  btc = await createCoin(server, { price: '97250.18', decimals: 8 });
  dollar = await createToken(server, { type: 'liquidity', price: '1', decimals: 2, orderIndex: 900 });
  legacy = await createToken(server, { type: 'sdira', price: SILVER, decimals: 4, orderIndex: 901 });
  hidden = await createToken(server, { type: 'asset', price: '1', decimals: 2, isVisibleOnWeb: false });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

const gpaData = { displayName: 'Test', primaryEmail: 'x@example.com' };
const member = (values: Parameters<typeof createLoggedInMember>[1] = {}) =>
  createLoggedInMember(server, { gpaData, ...values });
const activate = (headers: Record<string, string>, coinSymbol: unknown) =>
  server.app.inject({ method: 'POST', url: '/api/native-wallet/activateUserWallet', payload: { coinSymbol }, headers });
const get = (url: string, headers: Record<string, string>) => server.app.inject({ method: 'GET', url, headers });
const credit = (userId: string, asset: string, amount: string) => ledger.credit({ userId, asset, amount, by: null });
const shortfall = (amount: string, symbol: string) => fillMessage(messages.activationShortfall, { amount, symbol });

describe('native-token/rates/activation', () => {
  it('answers how much of a coin is worth 21 silver tokens, rounded up to its decimals, and the USD value', async () => {
    const m = await member();
    const rate = async (from: string) =>
      (
        await get(`/api/native-token/rates/activation?type=required&from=${from}&activationType=fiat`, m.headers)
      ).json();
    expect(await rate('XAG')).toEqual({ coinSymbol: 'XAG', amount: '21', usd: '659.82' });
    expect(await rate(nine.coinSymbol)).toEqual({ coinSymbol: nine.coinSymbol, amount: '73.32', usd: '659.82' });
    expect(await rate(btc.coinSymbol)).toEqual({ coinSymbol: btc.coinSymbol, amount: '0.00678477', usd: '659.82' });
    expect(await rate(dollar.coinSymbol)).toEqual({ coinSymbol: dollar.coinSymbol, amount: '659.82', usd: '659.82' });
    const token = await get(
      `/api/native-token/rates/activation?type=required&from=${nine.coinSymbol}&activationType=token`,
      m.headers,
    );
    expect(token.json().amount).toBe('73.32');
  });

  it('refuses an unknown symbol and a stranger', async () => {
    const m = await member();
    const unknown = await get(`/api/native-token/rates/activation?from=${uniqueSymbol('NONE')}`, m.headers);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, messages.unknownAsset]);
    expect((await get('/api/native-token/rates/activation?from=XAG', {})).statusCode).toBe(401);
  });
});

describe('native-token/assetsForWalletActivation', () => {
  it('lists liquidity and asset tokens and crypto coins, with address, rate, amount needed and balance', async () => {
    const m = await member();
    await credit(m.user.id, nine.coinSymbol, '5');
    const res = await get('/api/native-token/assetsForWalletActivation', m.headers);
    expect(res.statusCode).toBe(200);
    const list: { coinSymbol: string }[] = res.json().data;
    const symbols = list.map((a) => a.coinSymbol);
    expect(symbols).toEqual(expect.arrayContaining(['XAG', dollar.coinSymbol, nine.coinSymbol, btc.coinSymbol]));
    expect(symbols).not.toContain(legacy.coinSymbol);
    expect(symbols).not.toContain(hidden.coinSymbol);
    expect(list.find((a) => a.coinSymbol === nine.coinSymbol)).toEqual({
      coinSymbol: nine.coinSymbol,
      name: nine.name,
      icon: { url: nine.iconUrl },
      decimals: 2,
      address: 'nine-deposit',
      rate: '9',
      requiredAmount: '73.32',
      balance: '5',
    });
    expect(list.find((a) => a.coinSymbol === 'XAG')).toMatchObject({
      requiredAmount: '21',
      rate: SILVER,
      balance: '0',
    });
    const wallet = (await get('/api/wallet/currency-info', m.headers))
      .json()
      .nativeWallets.find((w: { coinSymbol: string }) => w.coinSymbol === dollar.coinSymbol);
    // A token is deposited to the member's own vault address, the same one the wallet shows.
    expect(list.find((a) => a.coinSymbol === dollar.coinSymbol)).toMatchObject({
      requiredAmount: '659.82',
      address: wallet.address,
    });
  });

  it('adds legacy tokens for sdira members; needs a session', async () => {
    const sdira = await member({ type: 'sdira' });
    const list = (await get('/api/native-token/assetsForWalletActivation', sdira.headers)).json().data;
    expect(list.find((a: { coinSymbol: string }) => a.coinSymbol === legacy.coinSymbol)).toMatchObject({
      requiredAmount: '21',
    });
    expect((await get('/api/native-token/assetsForWalletActivation', {})).statusCode).toBe(401);
  });
});

describe('POST native-wallet/activateUserWallet', () => {
  it('activates at exactly the amount needed and refuses one smallest unit less (rounded up, 2 decimals)', async () => {
    const m = await member();
    await credit(m.user.id, nine.coinSymbol, '73.31');
    const short = await activate(m.headers, nine.coinSymbol);
    expect([short.statusCode, short.json().message]).toEqual([400, shortfall('73.32', nine.coinSymbol)]);
    expect(short.json().message).toBe(
      `You need at least 73.32 ${nine.coinSymbol} (the value of 21 silver tokens) to activate your vault`,
    );

    await credit(m.user.id, nine.coinSymbol, '0.01');
    const postings = await countRows(server, 'postings');
    const res = await activate(m.headers, nine.coinSymbol);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.walletActivated);
    expect(res.json().user).toMatchObject({ _id: m.user.id, isWalletActivated: true });
    const [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ isWalletActivated: true, walletActivatedWith: nine.coinSymbol });
    expect(row!.walletActivatedAt).toBeInstanceOf(Date);
    // Activation proves a contribution; it moves no money.
    expect(await countRows(server, 'postings')).toBe(postings);
    expect((await ledger.balances(m.user.id, [nine.coinSymbol]))[nine.coinSymbol]).toBe('73.32');
    expect((await get('/api/user/info', m.headers)).json().user.isWalletActivated).toBe(true);
  });

  it('the same boundary with 8 decimals', async () => {
    const below = await member();
    await credit(below.user.id, btc.coinSymbol, '0.00678476');
    const res = await activate(below.headers, btc.coinSymbol);
    expect([res.statusCode, res.json().message]).toEqual([400, shortfall('0.00678477', btc.coinSymbol)]);
    const at = await member();
    await credit(at.user.id, btc.coinSymbol, '0.00678477');
    expect((await activate(at.headers, btc.coinSymbol)).statusCode).toBe(200);
    const above = await member();
    await credit(above.user.id, btc.coinSymbol, '0.05');
    expect((await activate(above.headers, btc.coinSymbol)).statusCode).toBe(200);
  });

  it('counts only the coin named, and not what is on hold', async () => {
    const m = await member();
    await credit(m.user.id, 'XAG', '20.9999');
    await credit(m.user.id, dollar.coinSymbol, '659.82');
    const silver = await activate(m.headers, 'XAG');
    expect([silver.statusCode, silver.json().message]).toEqual([400, shortfall('21.0000', 'XAG')]);
    await ledger.placeHold({ userId: m.user.id, asset: dollar.coinSymbol, amount: '0.01', reason: 'test' });
    const held = await activate(m.headers, dollar.coinSymbol);
    expect([held.statusCode, held.json().message]).toEqual([400, shortfall('659.82', dollar.coinSymbol)]);
    await credit(m.user.id, 'XAG', '0.0001');
    expect((await activate(m.headers, 'XAG')).statusCode).toBe(200);
  });

  it('accepts only the listed coins: not legacy tokens for members, not hidden or unknown ones', async () => {
    const m = await member();
    const hiddenCoin = await createCoin(server, { isVisibleOnWeb: false });
    for (const symbol of [legacy.coinSymbol, hidden.coinSymbol, hiddenCoin.coinSymbol, uniqueSymbol('NONE')]) {
      await credit(m.user.id, symbol, '1000');
      const res = await activate(m.headers, symbol);
      expect([res.statusCode, res.json().message], symbol).toEqual([400, messages.activationCoinNotAccepted]);
    }
    for (const bad of ['', 'btc', 42, null]) {
      expect((await activate(m.headers, bad)).statusCode, String(bad)).toBe(400);
    }
    const [row] = await server.db.select().from(users).where(eq(users.id, m.user.id));
    expect(row!.isWalletActivated).toBe(false);
  });

  it('lets an sdira member activate with legacy tokens', async () => {
    const sdira = await member({ type: 'sdira' });
    await credit(sdira.user.id, legacy.coinSymbol, '21');
    expect((await activate(sdira.headers, legacy.coinSymbol)).statusCode).toBe(200);
  });

  it('answers 400 when the vault is already activated; 401 without a session or as an administrator, 403 without membership data', async () => {
    const done = await member({ isWalletActivated: true });
    await credit(done.user.id, nine.coinSymbol, '100');
    const again = await activate(done.headers, nine.coinSymbol);
    expect([again.statusCode, again.json().message]).toEqual([400, messages.alreadyActivated]);
    expect((await activate({}, nine.coinSymbol)).statusCode).toBe(401);
    const newcomer = await createLoggedInMember(server);
    const gate = await activate(newcomer.headers, nine.coinSymbol);
    expect([gate.statusCode, gate.json().message]).toEqual([403, messages.fillGpaFirst]);
    await server.db.update(users).set({ gpaData }).where(eq(users.id, admin.user.id));
    await credit(admin.user.id, nine.coinSymbol, '100');
    // Administrators are no members (issue 11): member routes refuse their back-office session outright.
    const asAdmin = await activate(admin.headers, nine.coinSymbol);
    expect([asAdmin.statusCode, asAdmin.json().message]).toEqual([401, messages.unauthorized]);
  });

  it('activates once under 10 concurrent calls: one 200, the others 400 already activated, one event', async () => {
    const m = await member();
    await credit(m.user.id, nine.coinSymbol, '100');
    const events: string[] = [];
    const off = server.ctx.events.on('walletActivated', ({ userId }) => {
      if (userId === m.user.id) events.push(userId);
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => activate(m.headers, nine.coinSymbol)));
    await server.eventsDelivered();
    off();
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(400)]);
    for (const r of results.filter((r) => r.statusCode === 400))
      expect(r.json().message).toBe(messages.alreadyActivated);
    expect(events).toHaveLength(1);
    expect(await countRows(server, 'users', sql`id = ${m.user.id} and wallet_activated_at is not null`)).toBe(1);
  });

  it('tells the member’s open screens at once: walletActivated on their e-mail channel, to them only', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const m = await member();
    const other = await member();
    await credit(m.user.id, nine.coinSymbol, '73.32');
    const open = (token: string) => {
      const socket = io(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true });
      sockets.push(socket);
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    };
    const [mine, theirs] = await Promise.all([open(m.token), open(other.token)]);
    const seenByOther: unknown[] = [];
    theirs.onAny((...args) => seenByOther.push(args));
    const arriving = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no walletActivated event')), 5000);
      mine.once(m.email, (event) => {
        clearTimeout(timer);
        resolve(event);
      });
    });
    expect((await activate(m.headers, nine.coinSymbol)).statusCode).toBe(200);
    expect(await arriving).toEqual({ type: 'walletActivated', user: { _id: m.user.id, email: m.email } });
    await new Promise((r) => setTimeout(r, 200));
    expect(seenByOther).toEqual([]);
  });

  it('follows the silver price: a new XAG price changes what is needed', async () => {
    const m = await member();
    await credit(m.user.id, nine.coinSymbol, '73.32');
    const setSilver = (price: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/admin/prices',
        payload: { coinSymbol: 'XAG', price },
        headers: admin.headers,
      });
    expect((await setSilver('40')).statusCode).toBe(200);
    try {
      // 21 × 40 = 840 USD; 840 / 9 = 93.333… → 93.34.
      const rate = await get(`/api/native-token/rates/activation?from=${nine.coinSymbol}`, m.headers);
      expect(rate.json()).toEqual({ coinSymbol: nine.coinSymbol, amount: '93.34', usd: '840' });
      const res = await activate(m.headers, nine.coinSymbol);
      expect([res.statusCode, res.json().message]).toEqual([400, shortfall('93.34', nine.coinSymbol)]);
    } finally {
      expect((await setSilver(SILVER)).statusCode).toBe(200);
    }
  });
});
