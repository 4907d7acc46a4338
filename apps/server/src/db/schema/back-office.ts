import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';
import { users } from './members.ts';

/** The back office: the audit log, reserves, maker-checker actions and administrators (db/schema.ts). */

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
