/** 90 days of demo prices for the seed: a deterministic walk per symbol ending at today's price. */
import { fromUnits, round, toUnits } from '@vault/contract/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { assetPrices, cryptoCoins, nativeTokens } from '../schema.ts';

/**
 * How far a demo price moves per 6 hours, in basis points (uniform ±), and which walk a symbol follows:
 * legacy silver and gold are priced like silver and gold, so they share their histories.
 */
const WALKS: Record<string, { key: string; bps: number }> = {
  XAG: { key: 'XAG', bps: 70 },
  XAU: { key: 'XAU', bps: 45 },
  LXAG: { key: 'XAG', bps: 70 },
  LXAU: { key: 'XAU', bps: 45 },
  BTC: { key: 'BTC', bps: 180 },
  ETH: { key: 'ETH', bps: 220 },
  USDT: { key: 'USDT', bps: 2 },
  LTC: { key: 'LTC', bps: 200 },
};

/** A small deterministic generator (mulberry32) seeded from a string: the same demo on every install. */
function generator(key: string) {
  let state = 0;
  for (const ch of key) state = (Math.imul(state, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hours before now of each demo price point: hourly for the last day, every 6 hours back to 90 days. */
const HISTORY_HOURS = [
  ...Array.from({ length: 25 }, (_, h) => h),
  ...Array.from({ length: (90 * 24 - 24) / 6 }, (_, i) => 30 + i * 6),
];

/**
 * 90 days of demo prices ending exactly at `price` now, walked backwards: each earlier price is the later
 * one divided by (1 + a step of at most ±bps), in bigint units, rounded to 4 decimals. Pegged tokens
 * (no walk) stay at their price.
 */
function demoHistory(symbol: string, price: string, now: number) {
  const walk = WALKS[symbol];
  const next = generator(walk?.key ?? symbol);
  let units = toUnits(price);
  return HISTORY_HOURS.map((hours, i) => {
    if (i > 0 && walk) {
      // A step's spread grows with the square root of its length: an hourly step moves less than 6 hours.
      const scale = Math.sqrt((hours - HISTORY_HOURS[i - 1]!) / 6);
      const step = BigInt(Math.round((next() * 2 - 1) * walk.bps * scale));
      units = (units * 10_000n) / (10_000n + step);
    }
    return {
      coinSymbol: symbol,
      price: i === 0 ? price : round(fromUnits(units), 4),
      recordedAt: new Date(now - hours * 3_600_000),
    };
  });
}

/** Price history for every token and coin that has none yet: one multi-row insert per symbol. */
export async function seedPriceHistory(db: Db) {
  const current = [
    ...(await db.select({ symbol: nativeTokens.coinSymbol, price: nativeTokens.price }).from(nativeTokens)),
    ...(await db.select({ symbol: cryptoCoins.coinSymbol, price: cryptoCoins.price }).from(cryptoCoins)),
  ];
  const now = Date.now();
  for (const { symbol, price } of current) {
    const [recorded] = await db
      .select({ id: assetPrices.id })
      .from(assetPrices)
      .where(eq(assetPrices.coinSymbol, symbol))
      .limit(1);
    if (recorded) continue;
    // The newest point is the catalogue's price as it stands.
    await db.insert(assetPrices).values(demoHistory(symbol, fromUnits(toUnits(price)), now));
  }
}
