import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetPrices, cryptoCoins, settings } from '../../src/db/schema.ts';
import { createAdmin, createLoggedInMember, startServer, type TestServer } from '../support.ts';
import { createCoin, createToken } from './fixtures/catalogue.ts';

/**
 * The dashboard keeps the catalogue (with the 24-hour changes) and the settings in memory between reads,
 * checked against their versions in the database on every read: whatever changes them, in this process or
 * another, is on the very next read.
 */
let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  headers = (await createLoggedInMember(server, { gpaData: { displayName: 'Test' } })).headers;
});
afterAll(() => server.close());

type Wallet = { coinSymbol: string; marketData: { rate: string; changePercentage24h?: string } };
const dashboard = async () => {
  const res = await server.app.inject({ url: '/api/wallet/currency-info', headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { wallets: Wallet[]; nativeWallets: Wallet[]; settings: { videoUrl: string } };
};
const coinIn = async (symbol: string) => (await dashboard()).wallets.find((w) => w.coinSymbol === symbol);

describe('wallet/currency-info between reads', () => {
  it('shows a price an administrator sets on the next read', async () => {
    const coin = await createCoin(server, { price: '100' });
    expect((await coinIn(coin.coinSymbol))?.marketData.rate).toBe('100');
    const admin = await createAdmin(server);
    const set = await server.app.inject({
      method: 'POST',
      url: '/api/admin/prices',
      headers: admin.headers,
      payload: { coinSymbol: coin.coinSymbol, price: '120.5' },
    });
    expect(set.statusCode).toBe(200);
    expect((await coinIn(coin.coinSymbol))?.marketData.rate).toBe('120.5');
  });

  it('shows what another process changed in the database on the next read: a price, a new token, a setting', async () => {
    const coin = await createCoin(server, { price: '7' });
    expect((await coinIn(coin.coinSymbol))?.marketData.rate).toBe('7');
    await server.db.update(cryptoCoins).set({ price: '8.25' }).where(eq(cryptoCoins.coinSymbol, coin.coinSymbol));
    expect((await coinIn(coin.coinSymbol))?.marketData.rate).toBe('8.25');

    const token = await createToken(server, { type: 'asset', price: '3' });
    expect((await dashboard()).nativeWallets.map((w) => w.coinSymbol)).toContain(token.coinSymbol);

    const [before] = await server.db.select().from(settings).where(eq(settings.key, 'videoUrl'));
    try {
      await server.db
        .insert(settings)
        .values({ key: 'videoUrl', value: '/media/other.mp4' })
        .onConflictDoUpdate({ target: settings.key, set: { value: '/media/other.mp4' } });
      expect((await dashboard()).settings.videoUrl).toBe('/media/other.mp4');
    } finally {
      if (before) await server.db.update(settings).set({ value: before.value }).where(eq(settings.key, 'videoUrl'));
      else await server.db.delete(settings).where(eq(settings.key, 'videoUrl'));
    }
  });

  it('moves a 24-hour change when a recorded price turns 24 hours old', async () => {
    const coin = await createCoin(server, { price: '300' });
    const margin = 3_000;
    await server.db.insert(assetPrices).values([
      { coinSymbol: coin.coinSymbol, price: '100', recordedAt: sql`now() - interval '25 hours'` },
      {
        coinSymbol: coin.coinSymbol,
        price: '200',
        recordedAt: sql`now() - interval '24 hours' + ${margin} * interval '1 millisecond'`,
      },
    ]);
    const inserted = Date.now();
    const first = await coinIn(coin.coinSymbol);
    // The reference is still the 25-hour-old price (unless this machine took the whole margin to answer).
    if (Date.now() - inserted < margin) expect(first?.marketData.changePercentage24h).toBe('200');
    await new Promise((r) => setTimeout(r, margin + 500 - (Date.now() - inserted)));
    // Now the 200 is 24 hours old: the kept change has expired, (300 - 200) / 200.
    expect((await coinIn(coin.coinSymbol))?.marketData.changePercentage24h).toBe('50');
  });
});
