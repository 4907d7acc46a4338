import { messages } from '../messages.ts';
import { isAmount, toUnits } from '../money.ts';
import { z } from '../zod.ts';
import { listOf } from './common.ts';
import { assetSymbol } from './ledger.ts';
import { gpaData } from './user.ts';
import { transactionLog } from './wallet.ts';

/**
 * The back office's read calls (issue 11 items 3-4): members, a member's file, the ledger's entries, the
 * audit log and the overview. Lists answer `{ data, total, page, limit }`; amounts are decimal strings,
 * dates ISO 8601 UTC.
 */

const decimal = z.string();
const date = z.string();

/** Paging of every back-office list: page from 1, at most 100 rows a page, 20 by default. */
export const BACKOFFICE_PAGE_SIZE = 20;
export const BACKOFFICE_PAGE_MAX = 100;
const paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(BACKOFFICE_PAGE_MAX).default(BACKOFFICE_PAGE_SIZE),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A date filter: a day (YYYY-MM-DD, UTC) or an instant (ISO 8601 with its offset), between the years 2000
 * and 9999. `from` starts at it; `to` includes it (a day: up to its end), so both are inclusive. Parsed to
 * the bound the query uses: `to` is exclusive there (the next day's start, or the instant plus 1 ms).
 */
const dateBound = (end: boolean) =>
  z
    .string()
    .trim()
    .max(40)
    .refine((value) => DAY.test(value) || INSTANT.test(value), 'Use a date (YYYY-MM-DD) or an ISO 8601 time')
    .transform((value, ctx) => {
      const day = DAY.test(value);
      const at = new Date(day ? `${value}T00:00:00Z` : value);
      const year = at.getUTCFullYear();
      // Date.parse accepts 2024-02-31 (as 2 March): a day must be the day it names.
      if (
        Number.isNaN(at.getTime()) ||
        year < 2000 ||
        year > 9999 ||
        (day && at.toISOString().slice(0, 10) !== value)
      ) {
        ctx.addIssue({ code: 'custom', message: 'Use a date (YYYY-MM-DD) or an ISO 8601 time' });
        return z.NEVER;
      }
      return end ? new Date(at.getTime() + (day ? 86_400_000 : 1)) : at;
    });
const from = dateBound(false).optional();
const to = dateBound(true).optional();

/** A member named by e-mail or id: the screens type an address, links carry the id. */
const memberRef = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  // No spaces or control, format or lone surrogate characters: nothing an address or id holds.
  .refine((value) => /^[^\s\p{C}]+$/u.test(value));

// ── Members ───────────────────────────────────────────────────────────────────────────────────────

export const MEMBER_SORTS = ['-createdAt', 'createdAt', 'email', '-email', 'name', '-name'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const membersQuery = z.object({
  /** Part of the e-mail or the name, any case. */
  search: z.string().trim().max(254).optional(),
  /** active: not blocked; blocked; all. */
  status: z.enum(['active', 'blocked', 'all']).default('all'),
  /** A field, newest or A-Z first; '-' reverses (`-createdAt`, the default, is newest first). */
  sort: z.enum(MEMBER_SORTS).default('-createdAt'),
  ...paging,
});
export type MembersQuery = z.infer<typeof membersQuery>;

export const backofficeMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  type: z.enum(['member', 'sdira']),
  createdAt: date,
  emailVerified: z.boolean(),
  isBlocked: z.boolean(),
  blockReason: z.string().nullable(),
  isWalletActivated: z.boolean(),
  /** Any membership data (a draft, kyc or the submitted application): the gate of spec 1 §6. */
  hasMembershipData: z.boolean(),
});
export type BackofficeMember = z.infer<typeof backofficeMember>;
export const membersResponse = listOf(backofficeMember);

export const memberIdParams = z.object({ id: z.string().max(100) });

export const memberSession = z.object({
  id: z.string(),
  createdAt: date,
  lastSeenAt: date,
  expiresAt: date,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type MemberSession = z.infer<typeof memberSession>;

export const memberLot = z.object({
  asset: z.string(),
  remaining: decimal,
  acquiredAt: date,
  /** The day it may be redeemed (holding-period.ts: a year and a day). */
  redeemableOn: date,
  matured: z.boolean(),
});

export const memberBalance = z.object({
  asset: z.string(),
  /** Spendable: the account's balance. */
  balance: decimal,
  /** On placed holds (waiting on an administrator). */
  held: decimal,
  /** For assets with lots: redeemable now (matured lots less holds, at most the balance), the next maturity. */
  redeemable: z.object({ amount: decimal, nextOn: date.nullable() }).nullable(),
});

export const memberHold = z.object({
  id: z.string(),
  asset: z.string(),
  amount: decimal,
  reason: z.string(),
  createdAt: date,
});

export const memberDetail = z.object({
  profile: backofficeMember.extend({
    emailVerifiedAt: date.nullable(),
    profilePicture: z.string().nullable(),
    isImported: z.boolean(),
    isSubscriber: z.boolean(),
    walletActivatedAt: date.nullable(),
    walletActivatedWith: z.string().nullable(),
  }),
  membership: z.object({
    /** The submitted application (gpaData), its signature URL signed for the administrator who asks. */
    application: gpaData,
    submittedAt: date.nullable(),
    /** The signature image: a signed URL valid for this administrator for 15-20 minutes. */
    signatureUrl: z.string().nullable(),
    /** The wizard step a draft was left at (0-3, 3: submitted), or null without a draft. */
    draftStep: z.number().int().nullable(),
    kyc: z.record(z.string(), z.unknown()).nullable(),
  }),
  balances: z.array(memberBalance),
  holds: z.array(memberHold),
  lots: z.array(memberLot),
  /** The newest entries of their history, as the member reads them (transaction-log/user/logs). */
  history: z.object({ data: z.array(transactionLog), total: z.number().int() }),
  /** Live sessions only; never the token. */
  sessions: z.array(memberSession),
});
export type MemberDetail = z.infer<typeof memberDetail>;
export const memberDetailResponse = z.object({ data: memberDetail });

export const revokeSessionsBody = z.object({
  reason: z
    .string({ error: messages.rejectionReasonRequired })
    .trim()
    .min(1, messages.rejectionReasonRequired)
    .max(500),
});
export const revokeSessionsResponse = z.object({
  message: z.string(),
  data: z.object({ revoked: z.number().int() }),
});

// ── The ledger ────────────────────────────────────────────────────────────────────────────────────

export const entriesQuery = z.object({
  /** A member's e-mail or id: entries with a posting on one of their accounts. */
  member: memberRef.optional(),
  /** Entries with a posting in this asset. */
  asset: assetSymbol.optional(),
  /** An entry kind of the ledger's registry (credit, send, holdPlace, swap, …). */
  kind: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{1,40}$/)
    .optional(),
  from,
  to,
  ...paging,
});
export type EntriesQuery = z.infer<typeof entriesQuery>;

const party = z.object({ id: z.string(), email: z.string().nullable() });

export const ledgerPosting = z.object({
  /** member, treasury, holds, fees, revenue, escrow, clearing:<provider>, … */
  accountKind: z.string(),
  /** The member whose account it is (null for the platform's accounts); e-mail null once deleted. */
  member: party.nullable(),
  asset: z.string(),
  /** Signed: negative leaves the account, positive enters it. */
  amount: decimal,
});

export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.string(),
  memo: z.string().nullable(),
  createdAt: date,
  /** Who made it (a member, an administrator), when recorded. */
  createdBy: party.nullable(),
  /** The entry this one reverses, and the entry that reversed this one. */
  reverses: z.string().nullable(),
  reversedBy: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  postings: z.array(ledgerPosting),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const entriesResponse = listOf(ledgerEntry);

// ── The audit log ─────────────────────────────────────────────────────────────────────────────────

export const auditQuery = z.object({
  /** The administrator, by e-mail or id. */
  admin: memberRef.optional(),
  /** An action as recorded (user.block, ledger.credit, …); one ending in '.' takes every action under it. */
  action: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9._-]{1,100}$/)
    .optional(),
  /** The member the action was about, by e-mail or id. */
  member: memberRef.optional(),
  from,
  to,
  ...paging,
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditExportQuery = auditQuery.omit({ page: true, limit: true });
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

const person = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const auditRow = z.object({
  id: z.string(),
  createdAt: date,
  action: z.string(),
  /** Null: an operator at the command line. */
  actor: person.nullable(),
  /** What it was about: a member's id, a request's, a symbol; the member when it is one. */
  targetId: z.string().nullable(),
  targetMember: person.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditResponse = listOf(auditRow);
/** The CSV export carries at most this many rows, newest first (narrow the filters for more). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

// ── Overview ──────────────────────────────────────────────────────────────────────────────────────

export const overviewAsset = z.object({
  asset: z.string(),
  /** Members' balances. */
  members: decimal,
  /** On placed holds. */
  held: decimal,
  /** What the platform owes members: balances plus holds. */
  liabilities: decimal,
  /** Issued by the treasury and not returned: the negative of its balance. */
  treasuryIssued: decimal,
  /** Sum of what members received today (UTC) in this asset. */
  volumeToday: decimal,
  /** The latest reserves recorded for it (held outside the ledger), or null when none was recorded. */
  reserves: decimal.nullable(),
  /** The day the latest record was counted or attested (YYYY-MM-DD), or null. */
  reservesAsOf: date.nullable(),
  /** reserves − liabilities, exact (negative: less is held than owed), or null without a record. */
  coverage: decimal.nullable(),
});

const sinceCounts = z.object({ today: z.number().int(), last7Days: z.number().int() });

export const overview = z.object({
  asOf: date,
  /** Start of today, UTC: where "today" begins. "last 7 days" is today and the 6 days before. */
  dayStart: date,
  assets: z.array(overviewAsset),
  pendingRequests: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  signUps: sinceCounts,
  activations: sinceCounts,
});
export type Overview = z.infer<typeof overview>;
export const overviewResponse = z.object({ data: overview });

// ── Reserves recorded ─────────────────────────────────────────────────────────────────────────────

/**
 * Reserves as counted or attested (money.ts: at most 20 integer digits and 8 decimals; zero allowed, never
 * negative). The server also holds it to the asset's own decimals.
 */
export const reserveAmount = z
  .string({ error: 'Amount is required' })
  .trim()
  .min(1, 'Amount is required')
  .superRefine((value, ctx) => {
    if (value === '') return;
    if (!isAmount(value)) {
      const decimals = /\.(\d*)$/.exec(value)?.[1]?.length ?? 0;
      const message =
        /^-?\d+(\.\d+)?$/.test(value) && decimals > 8
          ? 'number field must have 8 digits after decimal or less'
          : messages.invalidAmount;
      ctx.addIssue({ code: 'custom', message });
      return;
    }
    if (toUnits(value) < 0n) ctx.addIssue({ code: 'custom', message: 'Reserves cannot be negative' });
  });

/** A calendar day, YYYY-MM-DD, that exists (2024-02-31 does not), years 2000-9999. */
export const reserveDay = z
  .string({ error: 'Choose the day it was counted' })
  .trim()
  .refine((value) => {
    if (!DAY.test(value)) return false;
    const at = new Date(`${value}T00:00:00Z`);
    const year = at.getUTCFullYear();
    return !Number.isNaN(at.getTime()) && year >= 2000 && year <= 9999 && at.toISOString().slice(0, 10) === value;
  }, 'Use a date (YYYY-MM-DD)');

/** `POST /api/admin/reserves` (settings.manage): a new current figure for an asset; the old one stays in history. */
export const recordReservesBody = z.object({
  asset: assetSymbol,
  amount: reserveAmount,
  /** The day it was counted or attested; not after today (UTC). */
  asOf: reserveDay,
  /** The custodian and the attestation's reference. */
  note: z
    .string({ error: 'Write the custodian and the attestation reference' })
    .trim()
    .min(3, 'The note must be 3 to 500 characters')
    .max(500, 'The note must be 3 to 500 characters'),
});
export type RecordReservesBody = z.infer<typeof recordReservesBody>;

export const reserveRecord = z.object({
  id: z.string(),
  asset: z.string(),
  amount: decimal,
  asOf: date,
  note: z.string(),
  /** The administrator who recorded it (null once their account is gone). */
  recordedBy: person.nullable(),
  recordedAt: date,
});
export type ReserveRecord = z.infer<typeof reserveRecord>;

export const recordReservesResponse = z.object({ message: z.string(), data: reserveRecord });

/** `GET /api/admin/reserves?asset&page&limit` (members.read): records newest first. */
export const reservesQuery = z.object({ asset: assetSymbol.optional(), ...paging });
export type ReservesQuery = z.infer<typeof reservesQuery>;
export const reservesResponse = listOf(reserveRecord);

// ── Members: block and unblock ────────────────────────────────────────────────────────────────────

/**
 * `POST /api/admin/users/:id/block`: the reason is required (the member is shown it when they next sign in,
 * and it is kept in the audit log). The same rule as the server's route; the answer is `{ message }`.
 */
export const blockMemberBody = z.object({
  reason: z
    .string({ error: messages.rejectionReasonRequired })
    .trim()
    .min(1, messages.rejectionReasonRequired)
    .max(500, 'Must be at most 500 characters'),
});
export type BlockMemberBody = z.infer<typeof blockMemberBody>;

// ── Notifications ─────────────────────────────────────────────────────────────────────────────────

/** What the bell shows: 1 to 1,000 characters. */
export const NOTIFICATION_MAX = 1000;
export const notificationMessage = z
  .string({ error: 'Write the message' })
  .trim()
  .min(1, 'Write the message')
  .max(NOTIFICATION_MAX, `Must be at most ${NOTIFICATION_MAX} characters`);

/** `POST /api/admin/notifications`: one member's bell. Answers `{ message }`. */
export const notifyMemberBody = z.object({
  userId: z.uuid({ error: 'Choose the member' }),
  message: notificationMessage,
});
export type NotifyMemberBody = z.infer<typeof notifyMemberBody>;

/** `POST /api/admin/notifications/all`: every active member's bell (not blocked, not deleted; no administrator). */
export const notifyAllBody = z.object({ message: notificationMessage });
export type NotifyAllBody = z.infer<typeof notifyAllBody>;
export const notifyAllResponse = z.object({
  message: z.string(),
  /** How many members it was written for. */
  data: z.object({ recipients: z.number().int() }),
});

// ── The outbox ────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/outbox?to&page&limit`: the mails, newest first (at most 200 a page), codes and link tokens hidden by the server. */
export const OUTBOX_LIMITS = [50, 100, 200] as const;
export const outboxMail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  createdAt: date,
});
export type OutboxMail = z.infer<typeof outboxMail>;
export const outboxQuery = z.object({
  to: z.string().max(254).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxResponse = z.object({
  data: z.array(outboxMail),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
