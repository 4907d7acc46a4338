import { messages } from '../messages.ts';
import { isAmount, toUnits } from '../money.ts';
import { z } from '../zod.ts';
import { adminReason, listOf } from './common.ts';

/**
 * Opportunity pools and acquire requests (issue 17 items 1-2; spec 2 §2 Opportunity tokens and marketplace,
 * §3 Opportunity token / Purchase request, §5 Acquire units, §7 `nft-token`,
 * `nft-purchase-request/create-new-request`). Field names are the spec's. A pool is a ledger asset whose units
 * (2 decimals, spec 2 §9) the treasury holds until sold; the server prices a request (units × pricePerShare,
 * in Q): the client's `price` is ignored. Money is a decimal string (money.ts), dates ISO 8601 UTC.
 */

/** Units of a pool have 2 decimals (spec 2 §9: opportunity balances to 2 decimals). */
export const POOL_UNIT_DECIMALS = 2;
/** The total supply of a pool (issue 17 item 1), whole units. */
export const POOL_MIN_SUPPLY = '1000000';
export const POOL_MAX_SUPPLY = '1000000000';

const decimal = z.string();

/** Spec 2 §3 Opportunity token (NFT), as the list's cards and /silent-wave show it. */
export const opportunityToken = z.object({
  _id: z.string(),
  /** The pool's ledger asset (its units' symbol). */
  nftToken: z.string(),
  title: z.string(),
  name: z.string(),
  image: z.string(),
  description: z.string(),
  remainingSupply: decimal,
  totalSupply: decimal,
  pricePerShare: decimal,
  dueDate: z.string(),
  royalties: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller's units of this pool (0 when none). */
  balance: decimal,
});
export type OpportunityToken = z.infer<typeof opportunityToken>;
export const opportunityTokensResponse = z.object({ data: z.array(opportunityToken) });

// ── Acquire units (spec 2 §5) ─────────────────────────────────────────────────────────────────────────

/**
 * Number of Units: digits with an optional decimal (spec 2 §5: at most 8 decimals on input; a pool's units
 * have 2, so more is refused in our words). Empty → 'Please enter amount first'; negative → 'Amount cannot
 * be negative'. More than the pool has left ('Enter number of share not available') and more Q than the
 * wallet holds ('insufficient balance') are the server's checks, made under lock.
 */
export const acquireAmount = z
  .string({ error: messages.acquireAmountRequired })
  .trim()
  .min(1, messages.acquireAmountRequired)
  .refine((v) => !v.startsWith('-'), messages.acquireAmountNegative)
  .refine((v) => /^\d{1,10}(\.\d{1,8})?$/.test(v), messages.acquireAmountInvalid)
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(v) && isAmount(v) && toUnits(v) > 0n, messages.acquireAmountInvalid);

/** Payment methods of an acquisition: only the vault currency (the Q wallet) for now. */
export const ACQUIRE_PAYMENT_METHODS = ['nativeToken', 'Q'] as const;

/** Spec 2 §3 Purchase request: assetPool, amount, price, paymentMethod. `price` is ignored (the server prices). */
export const acquireBody = z.object({
  assetPool: z.string({ error: messages.acquirePoolUnknown }).max(100, messages.acquirePoolUnknown),
  amount: acquireAmount,
  price: z.union([z.string().max(40), z.number()]).optional(),
  paymentMethod: z.enum(ACQUIRE_PAYMENT_METHODS).default('nativeToken'),
});
export type AcquireBody = z.infer<typeof acquireBody>;

/** 'expired': nobody decided within ACQUIRE_EXPIRY_DAYS; its Q and units were released (as a rejection). */
export const ACQUIRE_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
/** An undecided acquire request expires after this many days (as redeem requests do). */
export const ACQUIRE_EXPIRY_DAYS = 30;

/** The pool a request or a log is about, as lists show it. */
export const poolSummary = z.object({ _id: z.string(), name: z.string(), title: z.string(), image: z.string() });
export type PoolSummary = z.infer<typeof poolSummary>;

/** An acquire request as the member and the back office see it. */
export const acquireRequest = z.object({
  _id: z.string(),
  assetPool: z.string(),
  nftToken: z.string(),
  amount: decimal,
  /** The pool's price per unit when the request was made. */
  pricePerShare: decimal,
  /** What is held, in Q: amount × pricePerShare, to the cent. */
  price: decimal,
  paymentMethod: z.string(),
  status: z.enum(ACQUIRE_STATUSES),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** When an undecided request expires (createdAt + ACQUIRE_EXPIRY_DAYS). */
  expiresAt: z.string(),
  pool: poolSummary,
});
export type AcquireRequest = z.infer<typeof acquireRequest>;
export const acquireCreated = z.object({ message: z.string(), data: acquireRequest });
/** The member's own requests (GET nft-purchase-request), newest first. */
export const acquireRequestsQuery = z.object({
  status: z.enum(ACQUIRE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type AcquireRequestsQuery = z.infer<typeof acquireRequestsQuery>;
export const acquireRequestsResponse = listOf(acquireRequest);
export const acquireRequestResponse = z.object({ data: acquireRequest });
export const adminAcquireRequest = acquireRequest.extend({
  user: z.object({ _id: z.string(), email: z.string(), name: z.string() }),
});
export type AdminAcquireRequest = z.infer<typeof adminAcquireRequest>;
/** One request in the back office: the member's type too (an sdira member's acquisitions are requests too). */
export const adminAcquireRequestDetail = acquireRequest.extend({
  user: z.object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    type: z.string(),
    isWalletActivated: z.boolean(),
  }),
});
export const adminAcquireRequestResponse = z.object({ data: adminAcquireRequestDetail });
export const adminAcquireRequestsQuery = z.object({
  status: z.enum(ACQUIRE_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const adminAcquireRequestsResponse = listOf(adminAcquireRequest);
export const acquireDecision = z.object({ message: z.string(), data: acquireRequest });
export const acquireRejectBody = z.object({ reason: adminReason });

// ── Pools in the back office ───────────────────────────────────────────────────────────────────────────

const text = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
/** A path of this site only (the security policy's img-src 'self'), as plan logos. */
const poolImage = z
  .string({ error: messages.poolImageInvalid })
  .trim()
  .max(500, messages.poolImageInvalid)
  .regex(/^\/[^\s/][^\s]*$/, messages.poolImageInvalid);
const poolSupply = z
  .string({ error: messages.poolSupplyInvalid })
  .trim()
  .regex(/^\d{7,10}$/, messages.poolSupplyInvalid)
  .refine(
    // zod runs a refinement after a failed regex too: toUnits would throw on what the regex refused.
    (v) => /^\d{7,10}$/.test(v) && toUnits(v) >= toUnits(POOL_MIN_SUPPLY) && toUnits(v) <= toUnits(POOL_MAX_SUPPLY),
    messages.poolSupplyInvalid,
  );
const poolPrice = z
  .string({ error: messages.poolPriceInvalid })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, messages.poolPriceInvalid)
  .refine((v) => /^\d{1,12}(\.\d{1,8})?$/.test(v) && toUnits(v) > 0n, messages.poolPriceInvalid);
const poolDueDate = z
  .string({ error: messages.poolDueDateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.poolDueDateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), messages.poolDueDateInvalid);

export const createPoolBody = z.object({
  name: text(100, messages.poolNameRequired),
  title: text(100, messages.poolTitleRequired),
  image: poolImage,
  description: z.string({ error: messages.poolDescriptionInvalid }).trim().max(5000, messages.poolDescriptionInvalid),
  totalSupply: poolSupply,
  pricePerShare: poolPrice,
  dueDate: poolDueDate,
  royalties: z.string({ error: messages.poolRoyaltiesInvalid }).trim().max(2000, messages.poolRoyaltiesInvalid),
});
export type CreatePoolBody = z.infer<typeof createPoolBody>;

/**
 * Any of the descriptive fields and the price (at least one). The total supply is fixed here: changing it
 * means issuing or withdrawing units through the ledger, a later change (docs/decisions/0017).
 */
export const updatePoolBody = z
  .strictObject({
    name: text(100, messages.poolNameRequired).optional(),
    title: text(100, messages.poolTitleRequired).optional(),
    image: poolImage.optional(),
    description: z.string().trim().max(5000, messages.poolDescriptionInvalid).optional(),
    pricePerShare: poolPrice.optional(),
    dueDate: poolDueDate.optional(),
    royalties: z.string().trim().max(2000, messages.poolRoyaltiesInvalid).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: messages.catalogueNothingToChange });
export type UpdatePoolBody = z.infer<typeof updatePoolBody>;
export const poolIdParams = z.object({ id: z.uuid() });

/**
 * A pool in the back office: the member card's fields and where its units are. remainingSupply (the
 * treasury's) + reservedSupply (pending requests') + soldSupply (members' and anything else outside the
 * treasury, e.g. marketplace escrow) = totalSupply.
 */
export const adminPool = opportunityToken.omit({ balance: true }).extend({
  reservedSupply: decimal,
  soldSupply: decimal,
  /** Members holding more than 0 units. */
  holders: z.number().int(),
  pendingRequests: z.number().int(),
});
export type AdminPool = z.infer<typeof adminPool>;
export const adminPoolResponse = z.object({ message: z.string(), data: adminPool });
export const adminPoolDetail = z.object({ data: adminPool });
export const adminPoolsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const adminPoolsResponse = listOf(adminPool);
/**
 * A new total supply (issue 17 item 7): more issues the difference to the treasury; less takes it back from
 * the treasury, at most what is unsold there (messages.poolSupplyInUse otherwise).
 */
export const poolSupplyBody = z.object({ totalSupply: poolSupply });
export type PoolSupplyBody = z.infer<typeof poolSupplyBody>;
