import { messages } from '@vault/contract/messages';
import { compare, fromUnits, isAmount, normalize, toUnits } from '@vault/contract/money';
import { decimalsMessage, fitsDecimals } from '@vault/contract/schemas/ledger';
import { type PricePoint, SPARKLINE_RANGES, type Sparklines } from '@vault/contract/schemas/wallet';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { assetPrices, cryptoCoins, nativeTokens } from '../../db/schema.ts';
import type { Events } from '../../events/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { registerLotRule } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';

/** Where a lookup runs: the pool, or the caller's transaction (the ledger passes its own). */
export type Queryable = Db | Tx;

export type TokenType = (typeof nativeTokens.$inferSelect)['type'];
/** A native token as stored, price and multiplier in canonical decimal form ('31.42', not '31.42000000'). */
export type TokenRow = typeof nativeTokens.$inferSelect;
export type CoinRow = typeof cryptoCoins.$inferSelect;

/**
 * What a lookup tells about a symbol: its kind and type never change once it is in the catalogue (rows are
 * added, never removed); its decimals may only grow (the back office, catalogue/admin.ts).
 */
export type AssetFacts = ({ kind: 'token'; type: TokenType } | { kind: 'coin' }) & { decimals: number };

/** 1 Q = 1 USD (spec 2 §9); liquidity tokens are pegged, so their price is never set. */
const PEGGED_PRICE = '1';
/** Far above any real price, and small enough that balance × price stays inside the money module. */
const MAX_PRICE = '10000000000';
/** Sparklines are thinned to at most this many buckets per range (the last price of each). */
const SPARKLINE_BUCKETS = 100;

/**
 * How long a symbol's facts are kept. Kind and type never change; decimals may be raised by an owner, which
 * this process forgets at once (`forgetAsset`) and every other process within this time. Until then another
 * process still refuses amounts with the new extra decimals and rounds a swap's amount received to the old
 * ones: both stay exact, since decimals only grow.
 */
const FACTS_TTL_MS = 60_000;

/**
 * Facts about symbols, shared by every catalogue in the process, each for FACTS_TTL_MS. Misses are not
 * kept, because another process may add the token a moment later. Prices are never kept here.
 */
const facts = new Map<string, { facts: AssetFacts; until: number }>();

/** Forgets what is kept about `symbol` (its decimals changed): the next lookup reads the row. */
export const forgetAsset = (symbol: string) => facts.delete(symbol);

/** Whether `symbol` is a native token or a crypto coin, and of which type; null when unknown. */
export async function lookupAsset(q: Queryable, symbol: string): Promise<AssetFacts | null> {
  const cached = facts.get(symbol);
  if (cached && performance.now() < cached.until) return cached.facts;
  const result = await q.execute<{ kind: 'token' | 'coin'; type: TokenType | null; decimals: number }>(sql`
    select 'token' as kind, type, decimals from native_tokens where coin_symbol = ${symbol}
    union all
    select 'coin' as kind, null as type, decimals from crypto_coins where coin_symbol = ${symbol}
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  const found: AssetFacts =
    row.kind === 'token'
      ? { kind: 'token', type: row.type!, decimals: row.decimals }
      : { kind: 'coin', decimals: row.decimals };
  facts.set(symbol, { facts: found, until: performance.now() + FACTS_TTL_MS });
  return found;
}

/**
 * The current prices (USD) of these symbols, tokens and coins, read fresh (one statement); a symbol the
 * catalogue does not know is missing from the map.
 */
export async function pricesOf(q: Queryable, symbols: string[]): Promise<Map<string, string>> {
  if (symbols.length === 0) return new Map();
  const list = sql.join(
    symbols.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await q.execute<{ symbol: string; price: string }>(sql`
    select coin_symbol as symbol, price from native_tokens where coin_symbol in (${list})
    union all
    select coin_symbol, price from crypto_coins where coin_symbol in (${list})`);
  return new Map(result.rows.map((r) => [r.symbol, normalize(r.price)]));
}

/**
 * Whether the ledger tracks acquisition lots for `symbol`: asset and legacy (sdira) tokens, which are
 * redeemable 1 year and 1 day after they were acquired. Pass the ledger's transaction as `q`.
 */
/** Asset and legacy (sdira) tokens keep lots: they are redeemable only 1 year and 1 day after acquisition. */
export const isLotTrackedType = (type: TokenRow['type']) => type === 'asset' || type === 'sdira';

export async function isLotTracked(q: Queryable, symbol: string): Promise<boolean> {
  const found = await lookupAsset(q, symbol);
  return found?.kind === 'token' && isLotTrackedType(found.type);
}
// The ledger asks this rule for every movement, without importing the catalogue (it imports no module).
registerLotRule(isLotTracked);

/**
 * Refuses an amount with more decimals than its asset has (400 on the `amount` field). Every route that
 * moves money asks it: 0.00000001 Q would be dust no wallet shows, and a near-free message channel.
 */
export function assertFitsDecimals(asset: Pick<AssetFacts, 'decimals'>, amount: string) {
  if (fitsDecimals(amount, asset.decimals)) return;
  const message = decimalsMessage(asset.decimals);
  throw badRequest(message, 'TOO_MANY_DECIMALS', { amount: message });
}

const canonicalToken = (t: TokenRow): TokenRow => ({
  ...t,
  price: normalize(t.price),
  multiplier: normalize(t.multiplier),
});
const canonicalCoin = (c: CoinRow): CoinRow => ({
  ...c,
  price: normalize(c.price),
  totalVolume: normalize(c.totalVolume),
  marketCap: normalize(c.marketCap),
});

/** Units of 1e-4 percent, rounded half away from zero: (now - before) / before × 100. */
function percentChange(now: string, before: string): string {
  const a = toUnits(now);
  const b = toUnits(before);
  const scaled = (a - b) * 1_000_000n; // percent × 10^4
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const q = (abs + b / 2n) / b;
  // fromUnits counts 1e-8 units; the value counts 1e-4, so scale up by 1e4.
  return fromUnits((negative ? -q : q) * 10_000n);
}

/**
 * A fingerprint of a small table's rows, as a SQL expression: it changes with every insert, update and
 * delete, in any process or by hand (xmin, the id of the transaction that wrote a row version, is new on
 * every write; the count moves on a delete). It reads every row: for tables of a few rows only.
 */
export const rowsVersion = (table: PgTable) =>
  sql<string>`(select count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) from ${table})`;

/**
 * The catalogue's version, as a SQL expression (a few microseconds: the token and coin tables hold a few
 * rows, the price history is read through its primary key): the tables' fingerprints and the newest price
 * recorded. A cached view of the catalogue is served only while the version it was read at is still the
 * database's, so a change made in any process is seen on the next read.
 */
export const catalogueVersion = sql<string>`concat_ws('/', ${rowsVersion(nativeTokens)}, ${rowsVersion(cryptoCoins)},
  (select coalesce(max(${assetPrices.id}), 0) from ${assetPrices}))`;

/**
 * How these symbols are shown in lists (a member's history): tokens' short names, decimals and icons, and
 * coins' decimals and icons. Nothing for an empty list.
 */
export async function assetsShown(q: Queryable, symbols: string[]) {
  if (symbols.length === 0) return { tokens: [], coins: [] };
  const [tokens, coins] = await Promise.all([
    q
      .select({
        symbol: nativeTokens.coinSymbol,
        shortName: nativeTokens.shortName,
        decimals: nativeTokens.decimals,
        icon: nativeTokens.iconUrl,
      })
      .from(nativeTokens)
      .where(inArray(nativeTokens.coinSymbol, symbols)),
    q
      .select({ symbol: cryptoCoins.coinSymbol, decimals: cryptoCoins.decimals, icon: cryptoCoins.iconUrl })
      .from(cryptoCoins)
      .where(inArray(cryptoCoins.coinSymbol, symbols)),
  ]);
  return { tokens, coins };
}

/**
 * The one rule that keeps the coins' deposit addresses in step with the settings' master wallets: the BTC
 * coin's is `btc`; ETH's and every ERC-20 coin's (USDT: tokens on Ethereum arrive at an Ethereum address)
 * is `eth` (a coin not in the catalogue is left alone). Run in the caller's
 * transaction (the settings' change and its audit row): the rows change, so the catalogue's version moves on
 * and every wallet screen shows the new addresses on its next read, in every process.
 */
export async function setMasterDepositAddresses(q: Queryable, wallets: { btc: string; eth: string }) {
  await q.update(cryptoCoins).set({ depositAddress: wallets.btc }).where(eq(cryptoCoins.coinSymbol, 'BTC'));
  await q
    .update(cryptoCoins)
    .set({ depositAddress: wallets.eth })
    .where(or(eq(cryptoCoins.coinSymbol, 'ETH'), eq(cryptoCoins.isErc20, true)));
}

/** The whole catalogue and the coins' 24-hour changes, as every wallet screen shows them. */
export type CatalogueView = { tokens: TokenRow[]; coins: CoinRow[]; changes: Record<string, string> };

/**
 * The one catalogue of what members can hold: the platform's native tokens and ordinary crypto coins,
 * their current prices (the row's price column) and the history of every price set (asset_prices), which
 * the graphs and the 24-hour change read. Wallet screens read it through view(), kept in memory while
 * catalogueVersion is unchanged; single prices (price, rate, lookups for sends) are read fresh.
 */
export function catalogueService(db: Db, events?: Events) {
  async function tokens(opts: { visibleOnly?: boolean } = {}): Promise<TokenRow[]> {
    const rows = await db
      .select()
      .from(nativeTokens)
      .where(opts.visibleOnly ? eq(nativeTokens.isVisibleOnWeb, true) : undefined)
      .orderBy(asc(nativeTokens.orderIndex), asc(nativeTokens.coinSymbol));
    return rows.map(canonicalToken);
  }

  async function coins(): Promise<CoinRow[]> {
    const rows = await db.select().from(cryptoCoins).orderBy(asc(cryptoCoins.orderIndex), asc(cryptoCoins.coinSymbol));
    return rows.map(canonicalCoin);
  }

  /** The current price of a token or coin, or null when the symbol is unknown. */
  async function price(symbol: string): Promise<string | null> {
    const result = await db.execute<{ price: string }>(sql`
      select price from native_tokens where coin_symbol = ${symbol}
      union all
      select price from crypto_coins where coin_symbol = ${symbol}
      limit 1`);
    const row = result.rows[0];
    return row ? normalize(row.price) : null;
  }

  /**
   * Percent change of each coin's price against the last price recorded at least 24 hours ago, to 4
   * decimals ('0' when nothing that old is recorded), and for how many milliseconds these stay true: until
   * the first price recorded after a coin's reference turns 24 hours old and becomes its reference. One query.
   */
  async function changes24h(current: { coinSymbol: string; price: string }[]) {
    if (current.length === 0) return { changes: {}, validMs: Number.POSITIVE_INFINITY };
    const symbols = current.map((c) => c.coinSymbol);
    const result = await db.execute<{ symbol: string; price: string | null; valid_ms: string | null }>(sql`
      select s.symbol, p.price,
             (select extract(epoch from min(n.recorded_at) + interval '24 hours' - now()) * 1000
              from asset_prices n
              where n.coin_symbol = s.symbol and n.recorded_at > now() - interval '24 hours') as valid_ms
      from unnest(array[${sql.join(
        symbols.map((s) => sql`${s}`),
        sql`, `,
      )}]::text[]) as s(symbol)
      left join lateral (
        select price from asset_prices
        where coin_symbol = s.symbol and recorded_at <= now() - interval '24 hours'
        order by recorded_at desc, id desc limit 1
      ) p on true`);
    const before = new Map(result.rows.map((r) => [r.symbol, r.price]));
    const validMs = Math.min(
      ...result.rows.map((r) => (r.valid_ms === null ? Number.POSITIVE_INFINITY : Number(r.valid_ms))),
    );
    const changes: Record<string, string> = Object.fromEntries(
      current.map((c) => {
        const old = before.get(c.coinSymbol);
        return [c.coinSymbol, old ? percentChange(c.price, normalize(old)) : '0'];
      }),
    );
    return { changes, validMs };
  }

  /**
   * The last view read, kept until the catalogue's version moves on or a 24-hour change goes out of date.
   * Only one is kept: every process converges on the newest version.
   */
  let cached: { version: string; until: number; view: Promise<CatalogueView> } | null = null;

  /**
   * Tokens, coins and 24-hour changes as of `version` (catalogueVersion, read by the caller in its own
   * query) or later. Read from the database only when the version differs from the kept view's (a price
   * set in any process, a token added...) or a change has aged: every wallet screen asks, the catalogue
   * seldom changes. The arrays are shared by every caller: never change them.
   */
  function view(version: string): Promise<CatalogueView> {
    if (cached && cached.version === version && performance.now() < cached.until) return cached.view;
    const started = performance.now();
    const read = (async () => {
      const [t, c] = await Promise.all([tokens(), coins()]);
      const { changes, validMs } = await changes24h(c);
      return { view: { tokens: t, coins: c, changes }, until: started + validMs };
    })();
    const entry = { version, until: Number.POSITIVE_INFINITY, view: read.then((r) => r.view) };
    cached = entry;
    read.then(
      (r) => {
        entry.until = r.until;
      },
      // A failed read is not kept: the next call reads again.
      () => {
        if (cached === entry) cached = null;
      },
    );
    return entry.view;
  }

  return {
    tokens,
    coins,
    /**
     * Every token (hidden ones too: a member who holds one still sees it) and every coin (what a wallet
     * screen shows), from the view when the catalogue has not changed since it was read.
     */
    async snapshot() {
      const { rows } = await db.execute<{ version: string }>(sql`select ${catalogueVersion} as version`);
      const { tokens: t, coins: c } = await view(rows[0]!.version);
      return { tokens: t, coins: c };
    },
    view,
    lookup: (symbol: string) => lookupAsset(db, symbol),
    price,

    /** The USD rate of a symbol; '1' when it is unknown, as the client expects (spec 2 §7 get-rate). */
    async rate(symbol: string): Promise<string> {
      return (await price(symbol)) ?? PEGGED_PRICE;
    },

    /**
     * Recorded prices for the last 1, 7, 30 and 90 days, oldest first. Each range starts with the price
     * in effect at its start (when one was recorded before), then the last price of each of at most 100
     * equal buckets, and ends with the current price now, so a price that has not moved still draws a line.
     */
    async sparklines(symbol: string): Promise<Sparklines> {
      const current = await price(symbol);
      if (current === null) throw notFound(messages.unknownAsset);
      const result = await db.execute<{ days: number; time: Date | string; price: string }>(sql`
        with ranges (days) as (values ${sql.join(
          SPARKLINE_RANGES.map((d) => sql`(${d}::int)`),
          sql`, `,
        )}),
        bounds as (
          select days, now() - make_interval(days => days) as start,
                 extract(epoch from make_interval(days => days)) / ${SPARKLINE_BUCKETS} as width
          from ranges
        ),
        opening as (
          select b.days, b.start as time, p.price
          from bounds b
          join lateral (
            select price from asset_prices
            where coin_symbol = ${symbol} and recorded_at <= b.start
            order by recorded_at desc, id desc limit 1
          ) p on true
        ),
        thinned as (
          select distinct on (b.days, bucket) b.days, a.recorded_at as time, a.price,
                 least(floor(extract(epoch from a.recorded_at - b.start) / b.width), ${SPARKLINE_BUCKETS - 1}) as bucket
          from bounds b
          join asset_prices a on a.coin_symbol = ${symbol} and a.recorded_at > b.start and a.recorded_at <= now()
          order by b.days, bucket, a.recorded_at desc, a.id desc
        )
        select days, time, price from opening
        union all
        select days, time, price from thinned
        order by days, time`);
      const now = new Date().toISOString();
      const point = (time: Date | string, p: string): PricePoint => ({
        time: new Date(time).toISOString(),
        price: normalize(p),
      });
      const range = (days: number) => [
        ...result.rows.filter((r) => Number(r.days) === days).map((r) => point(r.time, r.price)),
        { time: now, price: current },
      ];
      return {
        spark_line_1_day: range(1),
        spark_line_7_day: range(7),
        spark_line_30_day: range(30),
        spark_line_90_day: range(90),
      };
    },

    /**
     * Records a new price (back office): the catalogue row, the history and the audit row (the new price and
     * the one it replaces) change in one transaction. The row is locked first, so concurrent settings of one
     * symbol queue on its lock and
     * their history rows are stamped (clock time, after the lock) in the order the row took them: the
     * newest history point is always the catalogue's price.
     */
    async setPrice(symbol: string, newPrice: string, actor: User) {
      const found = await lookupAsset(db, symbol);
      if (!found) throw badRequest(messages.unknownAsset, 'UNKNOWN_ASSET', { coinSymbol: messages.unknownAsset });
      if (found.kind === 'token' && found.type === 'liquidity')
        throw badRequest(messages.liquidityPriceFixed, 'PRICE_FIXED', { price: messages.liquidityPriceFixed });
      if (!isAmount(newPrice) || compare(newPrice, MAX_PRICE) > 0)
        throw badRequest(messages.priceTooHigh, 'PRICE_TOO_HIGH', { price: messages.priceTooHigh });
      const value = normalize(newPrice);
      if (compare(value, '0') <= 0)
        throw badRequest(messages.invalidAmount, 'INVALID_PRICE', { price: messages.invalidAmount });
      const result = await db.transaction(async (tx) => {
        const table = found.kind === 'token' ? nativeTokens : cryptoCoins;
        // The row is locked first: the price it replaces goes into the audit row beside the new one.
        const [before] = await tx
          .select({ price: table.price })
          .from(table)
          .where(eq(table.coinSymbol, symbol))
          .for('update');
        await tx.update(table).set({ price: value }).where(eq(table.coinSymbol, symbol));
        const [recorded] = await tx
          .insert(assetPrices)
          .values({ coinSymbol: symbol, price: value, recordedAt: sql`clock_timestamp()`, recordedBy: actor.id })
          .returning({ recordedAt: assetPrices.recordedAt });
        await audit(tx, actor, 'price.set', symbol, {
          coinSymbol: symbol,
          price: value,
          previousPrice: before ? normalize(before.price) : null,
        });
        // Every open wallet screen values holdings at the new price without a reload.
        await events?.emit('pricesChanged', { coinSymbol: symbol }, tx);
        return {
          message: messages.priceRecorded,
          data: { coinSymbol: symbol, price: value, recordedAt: recorded!.recordedAt.toISOString() },
        };
      });
      return result;
    },
  };
}

export type CatalogueService = ReturnType<typeof catalogueService>;
