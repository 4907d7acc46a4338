import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

/** The catalogue: tokens, coins, their prices, and uploaded files (db/schema.ts). */

/** The platform's own tokens (spec 2 §3 native token). Prices are NUMERIC; never floats. */
export const nativeTokens = pgTable(
  'native_tokens',
  {
    id: uuid('id').primaryKey(),
    coinSymbol: text('coin_symbol').notNull().unique(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    shortName: text('short_name').notNull(),
    displaySymbol: text('display_symbol').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['liquidity', 'asset', 'sdira'] }).notNull(),
    iconUrl: text('icon_url').notNull(),
    coinColor: text('coin_color').notNull(),
    price: numeric('price', { precision: 30, scale: 8 }).notNull(),
    multiplier: numeric('multiplier', { precision: 30, scale: 8 }).notNull().default('1'),
    decimals: integer('decimals').notNull(),
    orderIndex: integer('order_index').notNull(),
    isVisibleOnWeb: boolean('is_visible_on_web').notNull().default(true),
    blockchain: text('blockchain').notNull().default('Vault'),
    createdAt: createdAt(),
  },
  (t) => [
    // Amounts carry at most 8 decimals (the money module's scale); prices divide, so never zero.
    check('native_tokens_decimals_range', sql`${t.decimals} between 0 and 8`),
    check('native_tokens_price_positive', sql`${t.price} > 0 and ${t.multiplier} > 0`),
  ],
);

/**
 * Ordinary cryptocurrencies members hold beside the platform's tokens (spec 1 §3 crypto wallet).
 * `price` is the current USD rate; like native tokens, every price set is also kept in asset_prices.
 */
export const cryptoCoins = pgTable(
  'crypto_coins',
  {
    id: uuid('id').primaryKey(),
    coinSymbol: text('coin_symbol').notNull().unique(),
    name: text('name').notNull(),
    iconUrl: text('icon_url').notNull(),
    coinColor: text('coin_color').notNull(),
    decimals: integer('decimals').notNull(),
    orderIndex: integer('order_index').notNull(),
    isErc20: boolean('is_erc20').notNull().default(false),
    isBep20: boolean('is_bep20').notNull().default(false),
    /** Hidden from members who do not hold it, as a token is (native_tokens.is_visible_on_web). */
    isVisibleOnWeb: boolean('is_visible_on_web').notNull().default(true),
    /** The platform's deposit address for this coin. */
    depositAddress: text('deposit_address').notNull(),
    price: numeric('price', { precision: 30, scale: 8 }).notNull(),
    totalVolume: numeric('total_volume', { precision: 38, scale: 2 }).notNull().default('0'),
    marketCap: numeric('market_cap', { precision: 38, scale: 2 }).notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    check('crypto_coins_decimals_range', sql`${t.decimals} between 0 and 8`),
    check('crypto_coins_price_positive', sql`${t.price} > 0`),
  ],
);

/** Every price ever set for a token or coin (graphs, 24h change); the newest equals the catalogue's price. */
export const assetPrices = pgTable(
  'asset_prices',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    coinSymbol: text('coin_symbol').notNull(),
    price: numeric('price', { precision: 30, scale: 8 }).notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    /** The administrator who set it; null for the seed's history. */
    recordedBy: uuid('recorded_by').references(() => users.id),
  },
  (t) => [
    index('asset_prices_symbol_time_idx').on(t.coinSymbol, t.recordedAt),
    check('asset_prices_positive', sql`${t.price} > 0`),
  ],
);

/** Uploaded files, owned by their uploader: a member can only use their own uploads. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['profilePicture', 'signature', 'directWire', 'chat', 'tokenIcon'] }).notNull(),
    fileName: text('file_name').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    /** First use (a profile picture set, a signature in an application); never used after 24 h → removed. */
    referencedAt: ts('referenced_at'),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId),
    index('uploads_unreferenced_idx').on(t.createdAt).where(sql`referenced_at is null`),
  ],
);
