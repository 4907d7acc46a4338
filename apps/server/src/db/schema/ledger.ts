import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from './columns.ts';
import { users } from './members.ts';

/** The ledger and what builds on it: accounts, entries, postings, holds, lots, keys, requests, events (db/schema.ts). */

// ── The ledger (apps/server/src/ledger): the only code that changes balances ──────────────────────

/**
 * One account per (asset, kind, member). Member accounts can never go below zero (CHECK). System
 * accounts have no owner and open kinds (ledger/accounts.ts: treasury, holds, fees, revenue, escrow,
 * clearing:<provider>, ...), named by a rule a trigger checks when a row is written (migration 0007),
 * not a CHECK, which every balance update would evaluate. `balance` always equals the sum of the
 * account's postings.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    asset: text('asset').notNull(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    balance: money('balance').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_key').on(t.asset, t.kind, t.userId).nullsNotDistinct(),
    // A member's accounts (balances, wallets, logs) are looked up by owner.
    index('ledger_accounts_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    check('ledger_member_balance_not_negative', sql`${t.kind} <> 'member' or ${t.balance} >= 0`),
    check('ledger_member_has_owner', sql`(${t.kind} = 'member') = (${t.userId} is not null)`),
  ],
);

/**
 * A movement of money, in one or several assets: its postings sum to zero per asset (a statement trigger
 * refuses any insert into postings that does not balance per entry and asset by itself). `kind` is one
 * of the ledger's entry-kind registry (ledger/kinds.ts), which checks `metadata` and says how the entry
 * reads in a member's history.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey(),
    /** What happened, e.g. credit, send, holdPlace, holdCommit, holdRelease, reversal, swap, fee. */
    kind: text('kind').notNull(),
    memo: text('memo'),
    /** The entry this one reverses; an entry is reversed at most once. */
    reverses: uuid('reverses').unique(),
    createdBy: uuid('created_by').references(() => users.id),
    metadata: jsonb('metadata').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('journal_entries_created_idx').on(t.createdAt)],
);

/** One line of an entry. Never updated or deleted (trigger): corrections are reversing entries. */
export const postings = pgTable(
  'postings',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('postings_account_idx').on(t.accountId, t.id),
    index('postings_entry_idx').on(t.entryId),
    check('postings_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** Funds moved to the holds account until someone else decides: committed or released exactly once. */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['placed', 'committed', 'released'] })
      .notNull()
      .default('placed'),
    placeEntryId: uuid('place_entry_id')
      .notNull()
      .references(() => journalEntries.id),
    resolveEntryId: uuid('resolve_entry_id').references(() => journalEntries.id),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('holds_user_idx').on(t.userId, t.status), check('holds_amount_positive', sql`${t.amount} > 0`)],
);

/** Acquisitions of an asset by a member, consumed first-in first-out; redeemable 1 year and 1 day after acquiredAt. */
export const assetLots = pgTable(
  'asset_lots',
  {
    id: uuid('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    acquiredAt: ts('acquired_at').notNull(),
    amount: money('amount').notNull(),
    remaining: money('remaining').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
  },
  (t) => [
    index('asset_lots_fifo_idx').on(t.accountId, t.acquiredAt, t.id),
    check('asset_lots_remaining_range', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
  ],
);

/**
 * Which lots an entry took from, and how much: a reversal gives them back with their acquisition dates
 * (the holding period before redemption runs from there), rather than as a new lot dated today.
 */
export const lotTakes = pgTable(
  'lot_takes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => assetLots.id),
    amount: money('amount').notNull(),
  },
  (t) => [index('lot_takes_entry_idx').on(t.entryId), check('lot_takes_amount_positive', sql`${t.amount} > 0`)],
);

/** A money-moving request's Idempotency-Key: a repeat gets the first answer; another body with it, 409. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_pk').on(t.userId, t.key)],
);

/**
 * The platform's own idempotency keys, beside members' (a table of their own, so members' keys, written
 * on every send, pay nothing for them): `source` says who issued the key (a provider for its event ids,
 * a job for its periods: 'subscription-renewal' + subscription + period), so a webhook delivered twice
 * or a job run twice posts once.
 */
export const systemIdempotencyKeys = pgTable(
  'system_idempotency_keys',
  {
    source: text('source').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.key] })],
);

/**
 * Requests an administrator decides (spec 2 §1): the amount waits on a ledger hold until an administrator
 * approves or rejects it (hold released back). A send request's hold is committed to the recipient; a swap
 * request's (sdira members, legacy tokens) to the treasury, which pays `to_amount` of `to_asset` and the
 * spread (`fee`) to revenue, as quoted at `rate`.
 */
export const memberRequests = pgTable(
  'member_requests',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['send', 'swap'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    asset: text('asset').notNull(),
    amount: money('amount').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    memo: text('memo'),
    holdId: uuid('hold_id')
      .notNull()
      .unique()
      .references(() => holds.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    /** Swap requests: what the member receives (net of the spread), the spread, the quoted rate. */
    toAsset: text('to_asset'),
    toAmount: money('to_amount'),
    fee: money('fee'),
    rate: money('rate'),
  },
  (t) => [
    index('member_requests_status_idx').on(t.status, t.createdAt),
    index('member_requests_user_idx').on(t.userId),
    check(
      'member_requests_swap_fields',
      sql`${t.kind} <> 'swap' or (${t.toAsset} is not null and ${t.toAmount} > 0 and ${t.fee} >= 0 and ${t.rate} > 0)`,
    ),
  ],
);

/**
 * Durable events (issue 10 §3): what a movement tells open screens, written in the movement's own
 * transaction, then claimed and delivered by a server process (events/delivery.ts) and deleted. `scope`:
 * which processes may deliver it (those sharing one Redis, or only the process that wrote it).
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    scope: text('scope').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_scope_idx').on(t.scope, t.id)],
);
