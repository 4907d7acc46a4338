import { messages } from '@vault/contract/messages';
import { normalize } from '@vault/contract/money';
import { sparklines as sparklinesSchema } from '@vault/contract/schemas/wallet';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetPrices, auditLog, cryptoCoins, nativeTokens } from '../../src/db/schema.ts';
import { createLedger } from '../../src/ledger/index.ts';
import {
  countRows,
  createAdmin,
  createLoggedInMember,
  memberSocket,
  startServer,
  type TestServer,
} from '../support.ts';
import { createCoin, createToken, uniqueSymbol } from './fixtures/catalogue.ts';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let member: Awaited<ReturnType<typeof createLoggedInMember>>;
beforeAll(async () => {
  server = await startServer();
  admin = await createAdmin(server);
  member = await createLoggedInMember(server, { gpaData: { displayName: 'x' } });
});
afterAll(() => server.close());

const get = (url: string, headers: Record<string, string> = member.headers) =>
  server.app.inject({ method: 'GET', url, headers });
const setPrice = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
  server.app.inject({ method: 'POST', url: '/api/admin/prices', payload, headers });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Recorded history rows for a symbol, `ago` in milliseconds before now. */
async function record(symbol: string, points: { ago: number; price: string }[]) {
  const now = Date.now();
  await server.db
    .insert(assetPrices)
    .values(points.map((p) => ({ coinSymbol: symbol, price: p.price, recordedAt: new Date(now - p.ago) })));
}

describe('native-token/get-all-native-tokens', () => {
  it('lists visible tokens to anyone, in order, prices in canonical decimal form', async () => {
    const shown = await createToken(server, { type: 'asset', price: '31.42000000', orderIndex: 700 });
    const hidden = await createToken(server, { type: 'asset', orderIndex: 701, isVisibleOnWeb: false });
    const res = await server.app.inject({ url: '/api/native-token/get-all-native-tokens' });
    expect(res.statusCode).toBe(200);
    const symbols = res.json().data.map((t: { coinSymbol: string }) => t.coinSymbol);
    expect(symbols).toContain(shown.coinSymbol);
    expect(symbols).not.toContain(hidden.coinSymbol);
    const orders = res.json().data.map((t: { orderIndex: number }) => t.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(res.json().data.find((t: { coinSymbol: string }) => t.coinSymbol === shown.coinSymbol)).toMatchObject({
      price: '31.42',
      multiplier: '1',
      type: 'asset',
    });
  });
});

describe('native-token/get-rate/:coinSymbol', () => {
  it('answers the price of a token or a coin, and 1 for an unknown symbol (spec 2 §7)', async () => {
    const token = await createToken(server, { type: 'asset', price: '2654.80000000', isVisibleOnWeb: false });
    const coin = await createCoin(server, { price: '0.00001234' });
    expect((await get(`/api/native-token/get-rate/${token.coinSymbol}`)).json()).toEqual({ price: '2654.8' });
    expect((await get(`/api/native-token/get-rate/${coin.coinSymbol}`)).json()).toEqual({ price: '0.00001234' });
    expect((await get(`/api/native-token/get-rate/${coin.coinSymbol.toLowerCase()}`)).json()).toEqual({
      price: '0.00001234',
    });
    const unknown = await get(`/api/native-token/get-rate/${uniqueSymbol('NONE')}`);
    expect([unknown.statusCode, unknown.json()]).toEqual([200, { price: '1' }]);
    expect((await get(`/api/native-token/get-rate/${token.coinSymbol}`, {})).statusCode).toBe(401);
  });
});

describe('POST admin/prices', () => {
  it('records a price: the row, the history (by whom) and an audit row, in one go', async () => {
    const token = await createToken(server, { type: 'asset', price: '30', isVisibleOnWeb: false });
    const res = await setPrice({ coinSymbol: token.coinSymbol, price: '31.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.priceRecorded,
      data: { coinSymbol: token.coinSymbol, price: '31.5' },
    });
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    expect(row!.price).toBe('31.50000000');
    const history = await server.db.select().from(assetPrices).where(eq(assetPrices.coinSymbol, token.coinSymbol));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ price: '31.50000000', recordedBy: admin.user.id });
    expect(history[0]!.recordedAt.toISOString()).toBe(res.json().data.recordedAt);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'price.set'), eq(auditLog.targetId, token.coinSymbol)));
    expect(entry).toMatchObject({ actorId: admin.user.id, details: { coinSymbol: token.coinSymbol, price: '31.5' } });
    // The new price is what every reader sees at once: rates and the graph's newest point.
    expect((await get(`/api/native-token/get-rate/${token.coinSymbol}`)).json().price).toBe('31.5');
    const graph = (await get(`/api/coin/sparklines/${token.coinSymbol}`)).json();
    expect(graph.spark_line_1_day.at(-1).price).toBe('31.5');
  });

  it('sets crypto coin prices too', async () => {
    const coin = await createCoin(server, { price: '97250.18' });
    expect((await setPrice({ coinSymbol: coin.coinSymbol, price: '98000.01' })).statusCode).toBe(200);
    const [row] = await server.db.select().from(cryptoCoins).where(eq(cryptoCoins.id, coin.id));
    expect(row!.price).toBe('98000.01000000');
  });

  it('tells every member’s open screens that prices changed (pricesUpdated)', async () => {
    const coin = await createCoin(server, { price: '3412.57' });
    const socket = await memberSocket(server, member, 'pricesUpdated');
    expect((await setPrice({ coinSymbol: coin.coinSymbol, price: '3500' })).statusCode).toBe(200);
    expect(await socket.next()).toEqual({ type: 'pricesUpdated', coinSymbol: coin.coinSymbol });
    socket.close();
  });

  it('concurrent prices for one symbol leave the newest history point equal to the catalogue price', async () => {
    const token = await createToken(server, { type: 'asset', price: '1', isVisibleOnWeb: false });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => setPrice({ coinSymbol: token.coinSymbol, price: `${i + 2}` })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    const [newest] = await server.db
      .select()
      .from(assetPrices)
      .where(eq(assetPrices.coinSymbol, token.coinSymbol))
      .orderBy(desc(assetPrices.recordedAt), desc(assetPrices.id))
      .limit(1);
    expect(newest!.price).toBe(row!.price);
    expect(await countRows(server, 'asset_prices', sql`coin_symbol = ${token.coinSymbol}`)).toBe(10);
  });

  it('refuses strangers (401), members (403), unknown symbols, pegged tokens and bad prices, writing nothing', async () => {
    const token = await createToken(server, { type: 'asset', price: '5', isVisibleOnWeb: false });
    const pegged = await createToken(server, { type: 'liquidity', price: '1', isVisibleOnWeb: false });
    expect((await setPrice({ coinSymbol: token.coinSymbol, price: '6' }, {})).statusCode).toBe(401);
    const asMember = await setPrice({ coinSymbol: token.coinSymbol, price: '6' }, member.headers);
    expect([asMember.statusCode, asMember.json().message]).toEqual([403, messages.forbidden]);

    const cases: [Record<string, unknown>, string][] = [
      [{ coinSymbol: uniqueSymbol('NONE'), price: '6' }, messages.unknownAsset],
      [{ coinSymbol: pegged.coinSymbol, price: '1.01' }, messages.liquidityPriceFixed],
      [{ coinSymbol: token.coinSymbol, price: '0' }, messages.invalidAmount],
      [{ coinSymbol: token.coinSymbol, price: '-1' }, messages.invalidAmount],
      [{ coinSymbol: token.coinSymbol, price: 'abc' }, messages.invalidAmount],
      [{ coinSymbol: token.coinSymbol, price: '1.123456789' }, messages.invalidAmount],
      [{ coinSymbol: token.coinSymbol, price: 6 }, messages.invalidAmount],
      [{ coinSymbol: token.coinSymbol, price: '123456789012345678901' }, messages.priceTooHigh],
    ];
    for (const [payload, message] of cases) {
      const res = await setPrice(payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([400, message]);
    }
    expect(
      await countRows(server, 'asset_prices', sql`coin_symbol in (${token.coinSymbol}, ${pegged.coinSymbol})`),
    ).toBe(0);
    expect(await countRows(server, 'audit_log', sql`target_id = ${token.coinSymbol}`)).toBe(0);
    const [row] = await server.db.select().from(nativeTokens).where(eq(nativeTokens.id, token.id));
    expect(row!.price).toBe('5.00000000');
  });
});

describe('coin/sparklines/:id', () => {
  it('gives 1, 7, 30 and 90 days of recorded prices, oldest first, thinned to at most 100 buckets', async () => {
    const lastDay = Array.from({ length: 360 }, (_, i) => ({
      ago: 12 * HOUR - i * 2 * 60_000,
      price: `10.${String(i).padStart(3, '0')}`,
    }));
    const token = await createToken(server, { type: 'asset', price: lastDay.at(-1)!.price, isVisibleOnWeb: false });
    await record(token.coinSymbol, [
      { ago: 100 * DAY, price: '1' },
      { ago: 60 * DAY, price: '2' },
      { ago: 20 * DAY, price: '3' },
      { ago: 3 * DAY, price: '4' },
      ...lastDay,
    ]);
    const started = Date.now();
    const res = await get(`/api/coin/sparklines/${token.coinSymbol}`);
    expect(res.statusCode).toBe(200);
    const graph = res.json();
    expect(sparklinesSchema.safeParse(graph).success).toBe(true);

    const inserted = new Set(['1', '2', '3', '4', ...lastDay.map((p) => normalize(p.price))]);
    const expectations = {
      spark_line_1_day: { days: 1, opening: '4', older: [] as string[] },
      spark_line_7_day: { days: 7, opening: '3', older: ['4'] },
      spark_line_30_day: { days: 30, opening: '2', older: ['3', '4'] },
      spark_line_90_day: { days: 90, opening: '1', older: ['2', '3', '4'] },
    };
    for (const [key, { days, opening, older }] of Object.entries(expectations)) {
      const points: { time: string; price: string }[] = graph[key];
      const times = points.map((p) => Date.parse(p.time));
      expect(times, key).toEqual([...times].sort((a, b) => a - b));
      // Opens with the price in effect at the range's start, stamped at the start.
      expect(points[0]!.price, key).toBe(opening);
      expect(Math.abs(times[0]! - (started - days * DAY)), key).toBeLessThan(5_000);
      // Ends with the current price now; the newest recorded point is kept.
      expect(points.at(-1)!.price, key).toBe('10.359');
      expect(points.at(-2)!.price, key).toBe('10.359');
      expect(Date.now() - times.at(-1)!, key).toBeLessThan(5_000);
      // Older points of the range come before the dense last half day, and nothing is invented.
      expect(
        points.slice(1, 1 + older.length).map((p) => p.price),
        key,
      ).toEqual(older);
      for (const p of points) expect(inserted.has(p.price), `${key} ${p.price}`).toBe(true);
      expect(points.length, key).toBeLessThanOrEqual(102);
    }
    // 360 points over 12 hours: the 1-day range (buckets of 14.4 minutes) keeps about 50, not 300.
    const dense = graph.spark_line_1_day.length - 2;
    expect(dense).toBeGreaterThanOrEqual(49);
    expect(dense).toBeLessThanOrEqual(52);
    // The 90-day range has buckets of 21.6 hours: the whole last half day is one or two of them.
    expect(graph.spark_line_90_day.length).toBeLessThanOrEqual(4 + 2 + 2);
  });

  it('draws a price that has not moved as a line from the range start to now', async () => {
    const token = await createToken(server, { type: 'asset', price: '7', isVisibleOnWeb: false });
    await record(token.coinSymbol, [{ ago: 40 * DAY, price: '7' }]);
    const graph = (await get(`/api/coin/sparklines/${token.coinSymbol}`)).json();
    expect(graph.spark_line_1_day.map((p: { price: string }) => p.price)).toEqual(['7', '7']);
    expect(graph.spark_line_90_day.map((p: { price: string }) => p.price)).toEqual(['7', '7']);
  });

  it('answers 404 for an unknown symbol and 401 without a session', async () => {
    const unknown = await get(`/api/coin/sparklines/${uniqueSymbol('NONE')}`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, messages.unknownAsset]);
    expect((await get('/api/coin/sparklines/BTC', {})).statusCode).toBe(401);
  });
});

describe('24-hour change of crypto coins (wallet/currency-info marketData)', () => {
  it('compares with the last price recorded at least 24 hours ago, to 4 decimals, exactly', async () => {
    const down = await createCoin(server, { price: '97.5' });
    await record(down.coinSymbol, [
      { ago: 48 * HOUR, price: '50' },
      { ago: 25 * HOUR, price: '100' },
      { ago: 23 * HOUR, price: '120' },
    ]);
    const third = await createCoin(server, { price: '1' });
    await record(third.coinSymbol, [{ ago: 30 * HOUR, price: '3' }]);
    const up = await createCoin(server, { price: '4' });
    await record(up.coinSymbol, [{ ago: 30 * HOUR, price: '3' }]);
    const tiny = await createCoin(server, { price: '0.30000001' });
    await record(tiny.coinSymbol, [{ ago: 30 * HOUR, price: '0.3' }]);
    const fresh = await createCoin(server, { price: '5' });
    await record(fresh.coinSymbol, [{ ago: 2 * HOUR, price: '4' }]);

    const res = await get('/api/wallet/currency-info');
    expect(res.statusCode).toBe(200);
    const change = (symbol: string) =>
      res.json().wallets.find((w: { coinSymbol: string }) => w.coinSymbol === symbol).marketData.changePercentage24h;
    expect(change(down.coinSymbol)).toBe('-2.5');
    expect(change(third.coinSymbol)).toBe('-66.6667');
    expect(change(up.coinSymbol)).toBe('33.3333');
    // 0.00000001 / 0.3 × 100 = 0.0000033…%: rounds to 0 at 4 decimals, never a float artefact.
    expect(change(tiny.coinSymbol)).toBe('0');
    expect(change(fresh.coinSymbol)).toBe('0');
  });

  it('follows a price set by an administrator', async () => {
    const coin = await createCoin(server, { price: '200' });
    await record(coin.coinSymbol, [{ ago: 26 * HOUR, price: '200' }]);
    await createLedger(server.db).credit({ userId: member.user.id, asset: coin.coinSymbol, amount: '0.5', by: null });
    const wallet = async () =>
      (await get('/api/wallet/currency-info'))
        .json()
        .wallets.find((w: { coinSymbol: string }) => w.coinSymbol === coin.coinSymbol);
    expect(await wallet()).toMatchObject({ total: '100', marketData: { rate: '200', changePercentage24h: '0' } });
    expect((await setPrice({ coinSymbol: coin.coinSymbol, price: '210.5' })).statusCode).toBe(200);
    expect(await wallet()).toMatchObject({
      total: '105.25',
      marketData: { rate: '210.5', changePercentage24h: '5.25' },
    });
  });
});
