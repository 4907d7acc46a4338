import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Members and staff. Deleted accounts are anonymised in place: later ledger rows keep pointing here. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    /** 'sdira' members submit requests that an administrator approves (spec 2 §1). */
    type: text('type', { enum: ['member', 'sdira'] })
      .notNull()
      .default('member'),
    isImported: boolean('is_imported').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    emailVerifiedAt: ts('email_verified_at'),
    profilePicture: text('profile_picture'),
    isWalletActivated: boolean('is_wallet_activated').notNull().default(false),
    /** When and with which coin's holdings the vault was activated (native-wallet/activateUserWallet). */
    walletActivatedAt: ts('wallet_activated_at'),
    walletActivatedWith: text('wallet_activated_with'),
    isSubscriber: boolean('is_subscriber').notNull().default(false),
    isCoinqvestCustomer: boolean('is_coinqvest_customer').notNull().default(false),
    savedFormData: jsonb('saved_form_data'),
    kyc: jsonb('kyc'),
    gpaData: jsonb('gpa_data'),
    sign: text('sign'),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * Server-side sessions behind every JWT. A token is only as good as its row: logout, block,
 * password change and deletion set revoked_at and the next call answers 401.
 * kind 'reset' rows back the short-lived, single-use password-reset bearer; kind 'admin' rows are the
 * back office's sessions (modules/admins), which no member route accepts.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['access', 'reset', 'admin'] }).notNull(),
    fcmToken: text('fcm_token'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    /** The session's last call (refreshed at most once a minute): idle sessions expire (issue 8). */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailTokens = pgTable('email_tokens', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** 4-digit reset codes: stored as HMACs, single use, 10 minutes, at most 5 tries each. */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** Set when the right code was given: tries minus this one are the wrong guesses (the 30-day budget). */
    verifiedAt: ts('verified_at'),
  },
  (t) => [index('reset_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Sends (and send requests) a member made that were refused after validation: unknown recipient,
 * insufficient balance, to themselves. Too many in an hour pause the member's sends, so nobody can list
 * the members by probing addresses (issue 8).
 */
export const failedSends = pgTable(
  'failed_sends',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('failed_sends_user_idx').on(t.userId, t.createdAt)],
);

/** Every login attempt, for throttling per account, per IP and per (account, IP). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** ALTCHA challenge ids already redeemed: a solved challenge is good for one sign-up only. */
export const altchaUsed = pgTable('altcha_used', {
  challengeId: text('challenge_id').primaryKey(),
  createdAt: createdAt(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: createdAt(),
});

/** Server secrets generated on first start and shared by every process (JWT, HMAC keys). */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Outgoing e-mail. Always written here; delivered over SMTP when SMTP_URL is set. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);

export const siteMessages = pgTable('site_messages', {
  id: uuid('id').primaryKey(),
  kind: text('kind', { enum: ['contact', 'inquiry'] }).notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject'),
  message: text('message').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});

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
    kind: text('kind', { enum: ['profilePicture', 'signature', 'directWire', 'tokenIcon'] }).notNull(),
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

/** One row for every administrator action. */
export const auditLog = pgTable('audit_log', {
  id: uuid('id').primaryKey(),
  actorId: uuid('actor_id').references(() => users.id),
  action: text('action').notNull(),
  targetId: text('target_id'),
  details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

/**
 * Reserves the platform holds outside the ledger (metal in a vault, dollars at a bank), as owners record them
 * (issue 11 item 3). Append-only: the newest row of an asset (by `recorded_at`, then id) is its current
 * figure; older rows are its history. Owned by modules/backoffice.
 */
export const reserveRecords = pgTable(
  'reserve_records',
  {
    id: uuid('id').primaryKey(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
    /** The day it was counted or attested. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** The custodian, the attestation's reference. */
    note: text('note').notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => users.id),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('reserve_records_asset_time_idx').on(t.asset, t.recordedAt, t.id),
    check('reserve_records_amount_not_negative', sql`${t.amount} >= 0`),
    check('reserve_records_note_length', sql`char_length(${t.note}) between 3 and 500`),
  ],
);

/**
 * Maker-checker (issue 11): a money action above the owners' threshold (settings
 * `makerCheckerThresholdUsd`), waiting for a second administrator. `payload` is what it does (its kind's
 * input), `target_id` what it acts on (the member credited, the entry reversed, the request approved: one
 * waiting reversal or approval per entry or request). Approval runs the action in the decision's
 * transaction and keeps what it did in `result`. The database has the last word on the rule: the maker never
 * decides (`decided_by <> requested_by`), and a row is pending exactly when it is undecided.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', {
      enum: ['ledger.credit', 'ledger.reverse', 'request.approve', 'wire.receive', 'redemption.approve'],
    }).notNull(),
    payload: jsonb('payload').notNull(),
    targetId: text('target_id').notNull(),
    /** Its value in USD when asked, at the catalogue's prices then; and the threshold it was above. */
    valueUsd: numeric('value_usd', { precision: 38, scale: 2 }).notNull(),
    thresholdUsd: numeric('threshold_usd', { precision: 38, scale: 2 }),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    decisionReason: text('decision_reason'),
    result: jsonb('result'),
  },
  (t) => [
    index('admin_actions_status_idx').on(t.status, t.requestedAt),
    uniqueIndex('admin_actions_one_waiting')
      .on(t.kind, t.targetId)
      .where(sql`${t.status} = 'pending' and ${t.kind} <> 'ledger.credit'`),
    check(
      'admin_actions_kind_known',
      sql`${t.kind} in ('ledger.credit', 'ledger.reverse', 'request.approve', 'wire.receive', 'redemption.approve')`,
    ),
    check('admin_actions_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('admin_actions_reason_given', sql`char_length(${t.reason}) between 3 and 500`),
    check('admin_actions_checker_not_maker', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    check(
      'admin_actions_pending_undecided',
      sql`(${t.status} = 'pending') = (${t.decidedBy} is null) and (${t.decidedBy} is null) = (${t.decidedAt} is null)`,
    ),
  ],
);

/**
 * Administrators of the back office (issue 11): a `users` row with role 'admin' (so journal entries, audit
 * rows and prices keep naming them by user id) plus what only they have: a role, a TOTP secret (sealed with
 * AES-256-GCM, modules/admins/totp.ts), the last TOTP step accepted (a code works once), and until they
 * enrol, the one-time enrolment link's hash. Signing in needs `totp_enrolled_at` and no `disabled_at`.
 */
export const administrators = pgTable(
  'administrators',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    role: text('role', { enum: ['support', 'operator', 'owner'] }).notNull(),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: ts('totp_enrolled_at'),
    /** The newest TOTP time step (unix time / 30) accepted: a code of that step or an older one is refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    enrolmentTokenHash: text('enrolment_token_hash'),
    enrolmentExpiresAt: ts('enrolment_expires_at'),
    disabledAt: ts('disabled_at'),
    /** The owner who created the account; null for the command line (`npm run admin`) and the demo seed. */
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('administrators_enrolment_token_key').on(t.enrolmentTokenHash),
    check('administrators_role_known', sql`${t.role} in ('support', 'operator', 'owner')`),
    check('administrators_enrolled_has_secret', sql`${t.totpEnrolledAt} is null or ${t.totpSecret} is not null`),
    check('administrators_token_expires', sql`(${t.enrolmentTokenHash} is null) = (${t.enrolmentExpiresAt} is null)`),
  ],
);

/** An administrator's one-time recovery codes (made at enrolment), stored as SHA-256: each works once. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => administrators.userId),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [unique('admin_recovery_codes_code_key').on(t.adminId, t.codeHash)],
);

// ── The ledger (apps/server/src/ledger): the only code that changes balances ──────────────────────

const money = (name: string) => numeric(name, { precision: 38, scale: 8 });

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

/**
 * A member's remittance addresses (issue 12, spec 2 §3): the banking details they remit from, each signed
 * (a private upload). At most one is the primary (the star), which a direct wire contribution uses.
 */
export const remittanceAddresses = pgTable(
  'remittance_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    country: text('country').notNull(),
    email: text('email').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** The stored path of the signature (storage's, kind directWire). */
    signaturePath: text('signature_path').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    /** Deleted addresses are kept (a wire names the address it was made with), hidden from the member. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('remittance_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('remittance_addresses_one_primary').on(t.userId).where(sql`${t.isPrimary} and ${t.deletedAt} is null`),
  ],
);

/**
 * Purchases (issue 12): a member's request to buy tokens, settled outside the vault (a direct wire now; the
 * online methods in issue 13). Pending until an operator records the money received (tokens issued through
 * the ledger from the method's clearing account, exactly once: `entry_id`) or rejects it; a direct wire not
 * paid by `due_at` expires. The rate is locked when it is made.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey(),
    /** What the member quotes on the wire: 'DW-' and 10 characters. */
    orderId: text('order_id').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['directWire', 'legacy', 'paypal', 'goCardless', 'coinqvest'] }).notNull(),
    type: text('type', { enum: ['tokenPurchase', 'walletActivation', 'legacy'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'expired', 'rejected'] })
      .notNull()
      .default('pending'),
    asset: text('asset').notNull(),
    tokenAmount: money('token_amount').notNull(),
    tokenRate: money('token_rate').notNull(),
    /** USD to pay (token_amount × token_rate, to the cent). */
    amountUsd: money('amount_usd').notNull(),
    feeUsd: money('fee_usd').notNull(),
    remittanceAddressId: uuid('remittance_address_id').references(() => remittanceAddresses.id),
    dueAt: ts('due_at').notNull(),
    receivedUsd: money('received_usd'),
    issuedAmount: money('issued_amount'),
    entryId: uuid('entry_id').unique(),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** An online method's own reference (issue 13): PayPal order id, GoCardless payment id, COINQVEST checkout id. */
    providerRef: text('provider_ref'),
    /** The provider's last state of it as received (CREATED, APPROVED, confirmed, CHECKOUT_UNDERPAID, …). */
    providerStatus: text('provider_status'),
    /**
     * A payment failed or charged back after its tokens were issued (issue 13, decision 0013): the tokens taken
     * back (what the member still held) and the rest owed, which the back office sees.
     */
    chargedBackAt: ts('charged_back_at'),
    reversedAmount: money('reversed_amount'),
    debtAmount: money('debt_amount'),
  },
  (t) => [
    index('purchases_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('purchases_provider_ref_key').on(t.method, t.providerRef),
    index('purchases_status_idx').on(t.status, t.createdAt),
    index('purchases_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    check('purchases_amounts_positive', sql`${t.tokenAmount} > 0 and ${t.tokenRate} > 0 and ${t.amountUsd} > 0`),
    check('purchases_fee_not_negative', sql`${t.feeUsd} >= 0`),
    check(
      'purchases_completed_issued',
      sql`(${t.status} = 'completed') = (${t.entryId} is not null and ${t.receivedUsd} is not null and ${t.issuedAmount} > 0)`,
    ),
  ],
);

/**
 * Every webhook event a provider sent us (issue 13), verified or refused: the back office lists them, and the
 * unique (provider, event_id) makes a replayed or re-delivered event a no-op.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    id: uuid('id').primaryKey(),
    provider: text('provider', { enum: ['paypal', 'goCardless', 'coinqvest'] }).notNull(),
    /** The provider's id of the event (PayPal event id, GoCardless EV…, COINQVEST's), or a hash when it has none. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    verified: boolean('verified').notNull(),
    refusedReason: text('refused_reason'),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    payload: jsonb('payload').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [
    uniqueIndex('provider_events_event_key').on(t.provider, t.eventId),
    index('provider_events_received_idx').on(t.receivedAt),
  ],
);

/**
 * A member's customer record at an online provider (issue 13): COINQVEST's customer id, GoCardless's customer
 * and mandate (the direct debit the member set up). One per member and provider.
 */
export const providerCustomers = pgTable(
  'provider_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['paypal', 'goCardless', 'coinqvest'] }).notNull(),
    customerId: text('customer_id'),
    mandateId: text('mandate_id'),
    /** A GoCardless redirect flow waiting for the member to come back and complete it. */
    pendingFlowId: text('pending_flow_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A member's own crypto deposit addresses at the crypto provider (issue 13 item 4, decision 0013): one per
 * network is shown (the first made); every one the provider ever gave stays, so a deposit to any of them is
 * the member's. A deposit is attributed by (network, address, memo): a shared address with a memo (Stellar)
 * is one member's by its memo; '' when the network has none.
 */
export const cryptoDepositAddresses = pgTable(
  'crypto_deposit_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['coinqvest'] }).notNull(),
    /** The provider's network: BITCOIN, ETHEREUM, LITECOIN. */
    network: text('network').notNull(),
    address: text('address').notNull(),
    memo: text('memo').notNull().default(''),
    /** The provider's id of the address, when it gives one. */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_deposit_addresses_key').on(t.network, t.address, t.memo),
    index('crypto_deposit_addresses_user_idx').on(t.userId, t.network, t.createdAt),
  ],
);

/**
 * A member's redeem addresses (issue 14 item 1, spec 2 §3 "Withdraw (redeem) address"): the bank accounts they
 * redeem to by direct wire. Optional details (phone, ABA, SWIFT / BIC, routing code) are '' when not given.
 */
export const redeemAddresses = pgTable(
  'redeem_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    accountTitle: text('account_title').notNull(),
    address: text('address').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    accountNumber: text('account_number').notNull(),
    aba: text('aba').notNull().default(''),
    swiftBic: text('swift_bic').notNull().default(''),
    routingCode: text('routing_code').notNull().default(''),
    bankName: text('bank_name').notNull(),
    bankAddress: text('bank_address').notNull(),
    zellePay: text('zelle_pay').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted addresses are kept (a redeem request names the address it was made to), hidden from the member. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('redeem_addresses_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Redeem requests (issue 14): a member takes tokens out of the vault, paid by COINQVEST (`crypto`: a crypto
 * network, PIX, a bank, Stellar) or by our bank's wire (`directWire`, to one of their redeem addresses). The
 * tokens sit on a hold from the request on (`hold_id`); approval pays out and commits the hold to the
 * treasury (the tokens leave circulation, `entry_id`), rejection and expiry release it. The price and USD value
 * are the catalogue's when the request was made.
 */
export const redemptions = pgTable(
  'redemptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: ['crypto', 'directWire'] }).notNull(),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 38, scale: 8 }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 8 }).notNull(),
    usdValue: numeric('usd_value', { precision: 38, scale: 2 }).notNull(),
    targetNetwork: text('target_network'),
    targetAccount: jsonb('target_account'),
    targetAsset: text('target_asset'),
    redeemAddressId: uuid('redeem_address_id').references(() => redeemAddresses.id),
    /** The redeem address as it was when the request was made (the member may edit or delete it later). */
    redeemAddress: jsonb('redeem_address'),
    holdId: uuid('hold_id').notNull(),
    status: text('status', { enum: ['pending', 'accepted', 'completed', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    rejectionReason: text('rejection_reason'),
    /** COINQVEST's withdrawal id and state, once the payout was asked for. */
    payoutRef: text('payout_ref'),
    payoutStatus: text('payout_status'),
    entryId: uuid('entry_id'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: ts('decided_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redemptions_hold_key').on(t.holdId),
    index('redemptions_user_idx').on(t.userId, t.createdAt),
    index('redemptions_status_idx').on(t.status, t.expiresAt),
    check('redemptions_amount_positive', sql`${t.amount} > 0`),
  ],
);
