import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.ts';
import { users } from './members.ts';

/** The member marketplace (issue 17 items 4, 5, 8; docs/decisions/0018; db/schema.ts). */

/**
 * Spec 2 §3 Marketplace ad: a member's offer of `total_shares` units of `asset` (an asset token's symbol or a
 * pool's `nft:<id>`) at `price_per_share` Q. The units sit in the `escrow` system account from the moment the
 * ad exists (`post_entry_id`) until they are sold or the ad is closed. Always
 * total = remaining + sold; while active or deactivated `remaining_shares` is what escrow holds for this ad;
 * once deleted or hidden it is what was returned (`close_entry_id`). Every change of status or of the shares
 * is a guarded UPDATE (its WHERE states what must still hold), so two trades never oversell and an ad is
 * closed once.
 */
export const marketplaceAds = pgTable(
  'marketplace_ads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['sell'] })
      .notNull()
      .default('sell'),
    coinType: text('coin_type', { enum: ['native', 'nft'] }).notNull(),
    asset: text('asset').notNull(),
    totalShares: money('total_shares').notNull(),
    remainingShares: money('remaining_shares').notNull(),
    soldShares: money('sold_shares').notNull().default('0'),
    pricePerShare: money('price_per_share').notNull(),
    description: text('description').notNull().default(''),
    // A TypeScript enum (no CHECK): a later status is no migration.
    status: text('status', { enum: ['active', 'deactivated', 'sold', 'deleted', 'hidden'] })
      .notNull()
      .default('active'),
    postEntryId: uuid('post_entry_id').notNull(),
    closeEntryId: uuid('close_entry_id'),
    hiddenReason: text('hidden_reason'),
    hiddenBy: uuid('hidden_by').references(() => users.id),
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_ads_listing_idx').on(t.status, t.createdAt),
    index('marketplace_ads_user_idx').on(t.userId, t.createdAt),
    index('marketplace_ads_asset_idx').on(t.asset, t.status),
    check(
      'marketplace_ads_shares',
      sql`${t.totalShares} > 0 and ${t.remainingShares} >= 0 and ${t.soldShares} >= 0
          and ${t.remainingShares} + ${t.soldShares} = ${t.totalShares}`,
    ),
    check('marketplace_ads_price_positive', sql`${t.pricePerShare} > 0`),
  ],
);

/**
 * One purchase from an ad ("Get Now"): `num_shares` units from escrow to the buyer and `total` Q (num_shares ×
 * price, half-up to the cent) from the buyer to the seller, less `fee` to the fees account, all in `entry_id`.
 */
export const marketplaceTrades = pgTable(
  'marketplace_trades',
  {
    id: uuid('id').primaryKey(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => marketplaceAds.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    numShares: money('num_shares').notNull(),
    pricePerShare: money('price_per_share').notNull(),
    total: money('total').notNull(),
    fee: money('fee').notNull().default('0'),
    entryId: uuid('entry_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('marketplace_trades_entry_key').on(t.entryId),
    index('marketplace_trades_ad_idx').on(t.adId, t.createdAt),
    index('marketplace_trades_buyer_idx').on(t.buyerId, t.createdAt),
    check('marketplace_trades_amounts', sql`${t.numShares} > 0 and ${t.total} > 0 and ${t.fee} >= 0`),
  ],
);
