import { messages } from '../messages.ts';
import { z } from '../zod.ts';
import type { Permission } from './admin-auth.ts';
import { BACKOFFICE_PAGE_MAX, BACKOFFICE_PAGE_SIZE } from './backoffice.ts';
import { adminReason, listOf } from './common.ts';

/**
 * Maker-checker (issue 11 item 2): a money action worth more than the threshold an owner sets (USD, at the
 * catalogue's current prices) waits for a second administrator, who approves it (it runs then, in the
 * decision's transaction) or rejects it (nothing moves). The administrator who asked (the maker) may not
 * decide it; the database refuses that too. Lists answer `{ data, total, page, limit }`.
 */

/**
 * What may wait: a credit from the treasury, a reversal of an entry, the approval of a member's request, a
 * direct wire recorded as received (issue 12), the approval of a redeem request (issue 14).
 */
export const ADMIN_ACTION_KINDS = [
  'ledger.credit',
  'ledger.reverse',
  'request.approve',
  'wire.receive',
  'redemption.approve',
] as const;
export const adminActionKind = z.enum(ADMIN_ACTION_KINDS);
export type AdminActionKind = z.infer<typeof adminActionKind>;

export const ADMIN_ACTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const adminActionStatus = z.enum(ADMIN_ACTION_STATUSES);
export type AdminActionStatus = z.infer<typeof adminActionStatus>;

/** The permission an action needs: the maker needed it to ask, the checker needs it to decide. */
export const ACTION_PERMISSIONS = {
  'ledger.credit': 'ledger.write',
  'ledger.reverse': 'ledger.write',
  'request.approve': 'requests.decide',
  'wire.receive': 'funding.decide',
  'redemption.approve': 'funding.decide',
} as const satisfies Record<AdminActionKind, Permission>;

/** The threshold until an owner sets one: actions worth more than 10,000 USD wait. */
export const DEFAULT_MAKER_CHECKER_THRESHOLD_USD = '10000';

/** A USD amount: digits with at most 2 decimals (0 holds every money action for a second administrator). */
const usdAmount = z
  .string({ error: messages.makerCheckerThresholdInvalid })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, messages.makerCheckerThresholdInvalid);

export const makerCheckerSettings = z.object({
  /** Money actions worth more than this (USD) wait for a second administrator; at or below it, they run at once. */
  makerCheckerThresholdUsd: z.string(),
});
export type MakerCheckerSettings = z.infer<typeof makerCheckerSettings>;
export const makerCheckerSettingsResponse = z.object({ data: makerCheckerSettings });
export const makerCheckerSettingsBody = z.object({ makerCheckerThresholdUsd: usdAmount });
export const makerCheckerSettingsUpdated = z.object({ message: z.string(), data: makerCheckerSettings });

export const actionsQuery = z.object({
  status: adminActionStatus.optional(),
  kind: adminActionKind.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(BACKOFFICE_PAGE_MAX).default(BACKOFFICE_PAGE_SIZE),
});
export type ActionsQuery = z.infer<typeof actionsQuery>;

const person = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const adminAction = z.object({
  id: z.string(),
  kind: adminActionKind,
  status: adminActionStatus,
  /**
   * What it does. ledger.credit: `userId`, `email`, `asset`, `amount`, `memo`; ledger.reverse: `entryId`,
   * `entryKind`, `moves` (what the entry moved: `asset`, `amount`); request.approve: `requestId`, `requestKind`,
   * `userId`, `asset`, `amount` (and a swap's `toAsset`, `toAmount`).
   */
  payload: z.record(z.string(), z.unknown()),
  /** Its value in USD when it was asked, at the catalogue's prices then. */
  valueUsd: z.string(),
  /** The threshold it was above. */
  thresholdUsd: z.string().nullable(),
  /** The maker's reason. */
  reason: z.string(),
  /** What the checker needs (ACTION_PERMISSIONS). */
  permission: z.string(),
  requestedBy: person.nullable(),
  requestedAt: z.string(),
  decidedBy: person.nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** What the approval did: the entry (and reversal, request) it made. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAction = z.infer<typeof adminAction>;
export const actionsResponse = listOf(adminAction);

export const actionIdParams = z.object({ id: z.uuid() });
/** Approve or reject: the checker's reason, audited. */
export const actionDecisionBody = z.object({ reason: adminReason });
export const actionDecided = z.object({ message: z.string(), data: adminAction });

/** 202 of a guarded call above the threshold: nothing moved yet; the action waits for a second administrator. */
export const actionWaiting = z.object({ message: z.string(), data: z.object({ actionId: z.string() }) });

/** POST admin/ledger/entries/:id/reverse. */
export const reverseEntryBody = z.object({ reason: adminReason });
export const reverseEntryResponse = z.object({
  message: z.string(),
  data: z.object({ entryId: z.string(), reversalId: z.string() }),
});

/**
 * POST admin/requests/:id/approve: the body is optional (Fastify validates a missing one as null); a reason
 * is needed when the approval must wait.
 */
export const approveRequestBody = z.object({ reason: adminReason.optional() }).nullish();
