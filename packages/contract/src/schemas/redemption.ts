import { messages } from '../messages.ts';
import { compare, isAmount, isPositive, multiply, percentOf, subtract } from '../money.ts';
import { targetAccountBody } from '../target-accounts.ts';
import { z } from '../zod.ts';
import { adminReason } from './common.ts';

/**
 * Redemption (issue 14): a member takes value out of the vault. Spec 2 §3 Redeem request and Redeem history
 * row, §4 Redeem request status and Target-network forms, §5 Crypto redeem and Direct wire redeem, §7
 * `/coinqvest/request`, `/coinqvest/withdrawal/user`, `/coinqvest/networks`, `direct-wires/withdraw`. The
 * tokens go on hold at once; an operator approves (the payout is made, the tokens leave circulation) or
 * rejects (the hold is released); an undecided request expires.
 */

export const REDEMPTION_STATUSES = ['pending', 'accepted', 'completed', 'rejected', 'expired'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
/** How members read a status (spec 2 §4: completed is shown as Approved). */
export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  completed: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** crypto: paid out by COINQVEST (a crypto network, PIX, a bank, Stellar); directWire: by our bank's wire. */
export const REDEMPTION_METHODS = ['crypto', 'directWire'] as const;
export type RedemptionMethod = (typeof REDEMPTION_METHODS)[number];

/**
 * 'Insufficient Balance' (spec 2 §5): a COINQVEST redeem is refused at or above the balance, a direct wire
 * redeem only above it. The form and the server both ask this.
 */
export const overBalance = (method: RedemptionMethod, amount: string, balance: string) =>
  method === 'crypto' ? compare(amount, balance) >= 0 : compare(amount, balance) > 0;

/**
 * What a redeem of `amount` at `rate` costs and pays with a fee of `feePercent` (the settings' rate): the fee in
 * the token, cut down to its decimals, and the payout's USD value (the rest at the rate, to the cent). The
 * form shows it before the member asks; the server records the same figures on the request.
 */
export function redeemFigures(amount: string, rate: string, feePercent: string, decimals: number) {
  const fee = percentOf(amount, feePercent, decimals);
  return { fee, payoutUsd: multiply(subtract(amount, fee), rate, 2) };
}

/** The credit time a pending request shows (spec 2 §4, §9). */
export const REDEEM_CREDIT_TIME = '10-15 working days';

/** A token amount to redeem: a positive decimal with at most 8 decimals ('Please enter a valid amount value'). */
const redeemAmount = z
  .string({ error: messages.redeemAmountInvalid })
  .trim()
  .refine((v) => /^\d{1,20}(\.\d{1,8})?$/.test(v) && isAmount(v) && isPositive(v), messages.redeemAmountInvalid);

const tokenRef = z.string({ error: messages.redeemTokenRequired }).trim().min(1, messages.redeemTokenRequired).max(100);

/**
 * POST /coinqvest/request (spec 2 §3 Redeem request): `tokenId` is the token's `_id` or coinSymbol; the
 * target network and its account (target-accounts.ts: every message of spec 2 §5 Crypto redeem, formats
 * checked); `targetAsset` what the member wants to receive, when the network has a choice (Stellar's asset).
 */
export const cryptoRedeemBody = z.intersection(
  z.object({
    amount: redeemAmount,
    tokenId: tokenRef,
    targetAsset: z.string().trim().max(100).optional(),
  }),
  targetAccountBody,
);
export type CryptoRedeemBody = z.output<typeof cryptoRedeemBody>;
export type CryptoRedeemInput = z.input<typeof cryptoRedeemBody>;

/**
 * POST /direct-wires/withdraw (spec 2 §3): `amount` the tokens, `token` the token's `_id` or coinSymbol,
 * `withdrawalAddress` the id of one of the member's redeem addresses. `withdrawAmount` (the USD the screen
 * showed) and `withdrawalAddressData` (the address as shown) are what the client saw: the server prices the
 * request and reads the address itself.
 */
export const directWireRedeemBody = z.object({
  amount: redeemAmount,
  token: tokenRef,
  withdrawalAddress: z.uuid({ error: messages.redeemAddressChoose }),
  withdrawAmount: z.string().trim().max(40).optional(),
  withdrawalAddressData: z.unknown().optional(),
  targetAsset: z.string().trim().max(100).optional(),
});
export type DirectWireRedeemBody = z.output<typeof directWireRedeemBody>;
export type DirectWireRedeemInput = z.input<typeof directWireRedeemBody>;

/** One row of the member's redeem history (spec 2 §3 Redeem history row), with what the screens add. */
export const redemption = z.object({
  _id: z.string(),
  method: z.enum(REDEMPTION_METHODS),
  /** The token redeemed (spec: sourceAsset), and how it is shown. */
  sourceAsset: z.string(),
  token: z.object({
    coinSymbol: z.string(),
    name: z.string(),
    decimals: z.number().int(),
    icon: z.object({ url: z.string() }),
  }),
  status: z.enum(REDEMPTION_STATUSES),
  rejectionReason: z.string().nullable(),
  /** Tokens redeemed, and their value in USD at the request's price. */
  amount: z.string(),
  usdValue: z.string(),
  /**
   * The redemption fee, in the token (settings redemptionFeePercent when the request was made), and what is paid
   * out: the rest, in USD at the request's price.
   */
  fee: z.string(),
  payoutUsd: z.string(),
  /** Where it is paid: the network and a short form of the account (crypto), or the redeem address's (wire). */
  targetNetwork: z.string().nullable(),
  streetAddress: z.string(),
  createdAt: z.string(),
  /** When a pending request expires undecided. */
  expiresAt: z.string(),
});
export type Redemption = z.infer<typeof redemption>;

export const redemptionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export const redemptionList = z.object({
  data: z.array(redemption),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type RedemptionList = z.infer<typeof redemptionList>;

/** The answer of a redeem request: the message, and the request as it is now (pending, its tokens on hold). */
export const redemptionCreated = z.object({ message: z.string(), data: redemption });

/** GET /coinqvest/networks: the networks a member can redeem to (spec 2 §7), as COINQVEST lists them. */
export const redeemNetwork = z.object({
  code: z.string(),
  name: z.string(),
  /** 'address' networks need an address; PIX, BANK and STELLAR have forms of their own (spec 2 §4). */
  type: z.enum(['address', 'pix', 'bank', 'stellar']),
});
export const redeemNetworks = z.object({ networks: z.array(redeemNetwork) });
export type RedeemNetwork = z.infer<typeof redeemNetwork>;

// ── The back office's redemption desk ────────────────────────────────────────────────────────────────────

/** A request as the desk reads it: the member, where it is paid (the whole account), the payout's state. */
export const adminRedemption = redemption.extend({
  member: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  targetAccount: z.record(z.string(), z.unknown()).nullable(),
  redeemAddress: z.record(z.string(), z.unknown()).nullable(),
  payoutRef: z.string().nullable(),
  payoutStatus: z.string().nullable(),
  /**
   * The member's lots of the token now, oldest first, and when each can be redeemed (issue 14 item 6); null for
   * a token without a holding period (a liquidity token).
   */
  lots: z.array(z.object({ remaining: z.string(), acquiredAt: z.string(), redeemableOn: z.string() })).nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemption>;
export const adminRedemptionsQuery = redemptionsQuery.extend({ status: z.enum(REDEMPTION_STATUSES).optional() });
export const adminRedemptionsResponse = z.object({
  data: z.array(adminRedemption),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const adminRedemptionResponse = z.object({ data: adminRedemption });
export const adminRedemptionAnswer = z.object({ message: z.string(), data: adminRedemption });
/** Approve: a reason is required when the request is worth more than the maker-checker threshold (it waits then). */
export const redemptionApproveBody = z.object({ reason: adminReason.optional() });
export const redemptionRejectBody = z.object({
  reason: z.string({ error: 'Please give the reason' }).trim().min(1, 'Please give the reason').max(500),
});
