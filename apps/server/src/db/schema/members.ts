import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';

/** The tables of members and staff, their sessions and codes, notifications, settings and the site (db/schema.ts). */

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
