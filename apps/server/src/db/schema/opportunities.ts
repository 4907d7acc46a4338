import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.ts';
import { holds } from './ledger.ts';
import { users } from './members.ts';

/** Opportunity pools and acquire requests (issue 17, docs/decisions/0017; db/schema.ts). */

/**
 * Spec 2 §3 Opportunity token. Each pool is a ledger asset (`asset`, `nft:<id>`) whose total supply was issued
 * to the treasury when the pool was made; what is left to sell is the treasury's balance of it, read from
 * the ledger, never a column here.
 */
export const opportunityPools = pgTable(
  'opportunity_pools',
  {
    id: uuid('id').primaryKey(),
    asset: text('asset').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull().default(''),
    totalSupply: money('total_supply').notNull(),
    pricePerShare: money('price_per_share').notNull(),
    dueDate: ts('due_date').notNull(),
    royalties: text('royalties').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_pools_asset_key').on(t.asset),
    check(
      'opportunity_pools_supply_range',
      sql`${t.totalSupply} between 1000000 and 1000000000 and ${t.totalSupply} = trunc(${t.totalSupply})`,
    ),
    check('opportunity_pools_price_positive', sql`${t.pricePerShare} > 0`),
  ],
);

/**
 * A member's acquire request ("Get Units Now"): the Q on a ledger hold (`hold_id`) and the units reserved
 * (moved from the treasury to the `reserved` account by `reserve_entry_id`) until an operator approves
 * (one entry: units to the member, Q to the treasury) or rejects (both released). The status moves once,
 * by a guarded UPDATE.
 */
export const opportunityRequests = pgTable(
  'opportunity_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    poolId: uuid('pool_id')
      .notNull()
      .references(() => opportunityPools.id),
    amount: money('amount').notNull(),
    pricePerShare: money('price_per_share').notNull(),
    /** amount × pricePerShare in Q, to the cent: what is held. */
    price: money('price').notNull(),
    paymentMethod: text('payment_method').notNull(),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => holds.id),
    reserveEntryId: uuid('reserve_entry_id').notNull(),
    // 'expired': undecided after 30 days, released by the expire job (a TypeScript enum: no CHECK, no migration).
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    resolveEntryId: uuid('resolve_entry_id'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_requests_hold_key').on(t.holdId),
    index('opportunity_requests_user_idx').on(t.userId, t.createdAt),
    index('opportunity_requests_status_idx').on(t.status, t.createdAt),
    check('opportunity_requests_amount_positive', sql`${t.amount} > 0 and ${t.price} > 0`),
  ],
);
