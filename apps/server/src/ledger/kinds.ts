import { isAmount } from '@vault/contract/money';
import { z } from 'zod';
import { type EntryKind, entryKindRegistry } from './entry-kinds.ts';

/**
 * Every kind of journal entry, in one place: adding a kind (a marketplace trade, a provider purchase,
 * a subscription renewal) is one more entry here. Parties named in metadata (`from`, `to`) are member
 * ids; the history shows another member only by e-mail.
 */

const id = z.uuid();
const decimal = z.string().refine(isAmount, 'a decimal amount');
/** A member's sdira request waits on a hold: the history shows it as the request's send (spec 2 §4). */
const holdMetadata = z.strictObject({
  holdId: id,
  from: id.optional(),
  to: id.optional(),
  requestId: id.optional(),
  /** An acquire request's opportunity pool (issue 17): its commit also moves the pool's reserved units. */
  poolId: id.optional(),
  /** What the hold is for, when not a send request (a redemption: 'withdraw', a swap request: its swap, …). */
  logType: z
    .enum([
      'sendAssets',
      'withdraw',
      'legacyWithdrawDeposit',
      'nftPurchase',
      // An acquire request's hold (issue 17): Acquired Opportunity Token, the Q paid, then the units received.
      'nftAcquire',
      'cryptoSwap',
      'assetToAssetSwap',
    ])
    .optional(),
});

export const ENTRY_KINDS: readonly EntryKind[] = [
  {
    // Tokens issued from the treasury (admin credit, the CLI, the demo seed; later: settled funding).
    kind: 'credit',
    metadata: z.strictObject({ logType: z.enum(['creditAssets', 'liquidityCredit']).optional() }),
    history: { giver: 'debitAssets', receiver: 'creditAssets', typeFrom: 'logType' },
    reversible: true,
  },
  {
    // Member to member (native-wallet/send-tokens).
    kind: 'send',
    metadata: z.strictObject({ from: id, to: id }),
    history: { giver: 'sendAssets', receiver: 'sendAssets' },
    reversible: true,
  },
  {
    // Funds moved to the holds account while someone decides. A send request reads as its send, pending
    // until the hold is committed (completed) or released (rejected).
    kind: 'holdPlace',
    metadata: holdMetadata,
    history: {
      giver: 'debitAssets',
      receiver: 'creditAssets',
      typeFrom: 'logType',
      ifPresent: { field: 'requestId', logType: 'sendAssets' },
      statusFromHold: true,
    },
    reversible: false,
  },
  {
    // A committed hold paid to a member: their Receive. The holder has no posting in it: their
    // holdPlace row turns completed instead, so the send shows once on each side.
    kind: 'holdCommit',
    metadata: holdMetadata,
    history: { giver: 'sendAssets', receiver: 'sendAssets', typeFrom: 'logType' },
    reversible: false,
  },
  {
    // Never a row: the request's row turns 'rejected' and, since a rejected row never moved money, the
    // member's completed rows still add up to the balance.
    kind: 'holdRelease',
    metadata: holdMetadata,
    history: null,
    reversible: false,
  },
  {
    // An opportunity pool's total supply issued to the treasury when the pool is made (issue 17): from the
    // pool's `supply` account, which stays negative by what was ever issued. No member takes part.
    kind: 'poolIssue',
    metadata: z.strictObject({ poolId: id }),
    history: null,
    reversible: false,
  },
  {
    // An opportunity pool's total supply lowered by the back office (issue 17 item 7): unsold units from the
    // treasury back to the pool's `supply` account (the reverse of a poolIssue). No member takes part.
    kind: 'poolRetire',
    metadata: z.strictObject({ poolId: id }),
    history: null,
    reversible: false,
  },
  {
    // Units of a pool moved from the treasury to the `reserved` account while an acquire request waits
    // (issue 17), so what is left to sell drops at once; approval or rejection moves them on with the
    // request's hold, in the hold's entry.
    kind: 'poolReserve',
    metadata: z.strictObject({ poolId: id, requestId: id }),
    history: null,
    reversible: false,
  },
  {
    // Every posting of the original negated (`reverses` names it): Credit for whoever gets funds back,
    // Debit for whoever gives them back.
    kind: 'reversal',
    metadata: z.strictObject({}),
    history: { giver: 'debitAssets', receiver: 'creditAssets' },
    reversible: false,
  },
  {
    // A member gives one asset and receives another, the treasury on the other side; a spread or fee
    // goes to fees or revenue in the same entry. The given asset leaves FIFO from lots, the received
    // one is a new lot dated now.
    kind: 'swap',
    metadata: z.strictObject({
      logType: z.enum(['cryptoSwap', 'assetToAssetSwap']).default('assetToAssetSwap'),
      /** The price the member was quoted: units of the received asset per unit given. */
      rate: decimal.optional(),
      quoteId: z.string().max(100).optional(),
      /** A swap request's approval: the treasury's side, paid after the member's hold was committed. */
      requestId: id.optional(),
    }),
    history: { giver: 'assetToAssetSwap', receiver: 'assetToAssetSwap', typeFrom: 'logType' },
    reversible: true,
  },
  {
    // A fee charged on its own (a wire fee, a service fee): the member's Debit, paid to fees or revenue.
    kind: 'fee',
    metadata: z.strictObject({ reason: z.string().max(200).optional(), entryId: id.optional() }),
    history: { giver: 'debitAssets', receiver: 'creditAssets' },
    reversible: true,
  },
  {
    // Tokens bought from outside the vault (issue 12: a direct wire received; issue 13: PayPal, GoCardless,
    // COINQVEST): issued from the method's clearing account (clearing:wire, …); the fee, in Q (USD), from the
    // same clearing account to fees, in the same entry. The member's Top-Up By Direct Wire (or Legacy Top-Up).
    kind: 'purchase',
    metadata: z.strictObject({
      purchaseId: id,
      orderId: z.string().max(40),
      logType: z.enum(['wireDeposit', 'legacyDeposit', 'paypalDeposit', 'coinqvestDeposit']),
      /** The USD rate locked when the purchase was made, what arrived and the fee kept. */
      rate: decimal,
      receivedUsd: decimal,
      feeUsd: decimal,
    }),
    history: { giver: 'debitAssets', receiver: 'wireDeposit', typeFrom: 'logType' },
    // Not by a reversal: the purchase row would still say completed. A wrong receipt is a correction of its
    // own (a debit with the wire's reference), so the wire and its entry never disagree.
    reversible: false,
  },
  {
    // A purchase's payment failed, refunded or charged back after its tokens were issued (issue 13, decision
    // 0013): what the member still holds of the issued tokens, back to the method's clearing account. The
    // member's Debit; the rest, if any, is the purchase's debt (purchases.debt_amount), not a posting.
    kind: 'chargeBack',
    metadata: z.strictObject({ purchaseId: id, providerEventId: z.string().min(1).max(300) }),
    history: { giver: 'debitAssets', receiver: 'creditAssets' },
    // Not by a reversal: the purchase row says charged back; undoing it would be a correction of its own.
    reversible: false,
  },
  {
    // Crypto received at a member's own deposit address (issue 13 item 4, decision 0013): what the provider's
    // verified event says arrived, from its clearing account to the member, once per deposit (the event's
    // system key). The member's Top-Up By CoinQVest.
    kind: 'cryptoDeposit',
    metadata: z.strictObject({
      provider: z.literal('coinqvest'),
      depositId: z.string().min(1).max(300),
      network: z.string().min(1).max(50),
      address: z.string().min(1).max(200),
    }),
    history: { giver: 'debitAssets', receiver: 'coinqvestDeposit' },
    // Not by a reversal: what arrived on chain arrived; a mistake is a correction of its own.
    reversible: false,
  },
  {
    // A subscription paid from the member's Q (issue 16, decision 0016): the purchase and each renewal, member
    // to revenue (1 Q = 1 USD, so the plan's priceUSD in Q). Renewals are keyed once per subscription and
    // period (system key 'subscription-renewal'). The member's Subscription Acquire / Subscription Renew.
    kind: 'subscriptionPayment',
    metadata: z.strictObject({
      subscriptionId: id,
      planId: id,
      period: z.number().int().min(1),
      logType: z.enum(['subscriptionPurchase', 'subscriptionRenew']),
    }),
    history: { giver: 'subscriptionPurchase', receiver: 'creditAssets', typeFrom: 'logType' },
    // Not by a reversal: the subscription would still say paid. A refund is a correction of its own.
    reversible: false,
  },
  {
    // A marketplace ad posted (issue 17, decision 0018): the offered units from the member to `escrow`, in the
    // ad's transaction. The seller's Exchanged (withdraw); asset tokens leave their oldest lots.
    kind: 'marketplaceList',
    metadata: z.strictObject({ adId: id, poolId: id.optional() }),
    history: { giver: 'nftExchange', receiver: 'nftExchange' },
    reversible: false,
  },
  {
    // A purchase from an ad: units from escrow to the buyer (a new lot dated now), Q from the buyer to the
    // seller, and the marketplace fee from the same payment to fees (the seller receives the price less the
    // fee, so the seller only receives in it). The buyer's Acquired From Marketplace, the seller's Exchanged.
    kind: 'marketplaceTrade',
    metadata: z.strictObject({ adId: id, tradeId: id, from: id, to: id, poolId: id.optional() }),
    history: { giver: 'nftPurchase', receiver: 'nftExchange' },
    // Not by a reversal: the ad's shares and the trade row would disagree; a correction is one of its own.
    reversible: false,
  },
  {
    // An ad closed by its owner (deleted) or the back office (hidden): the unsold units from escrow back to the
    // owner, their acquisition dates kept (lotsBackFrom the listing entry). The owner's Credit.
    kind: 'marketplaceReturn',
    metadata: z.strictObject({ adId: id, poolId: id.optional(), closedAs: z.enum(['deleted', 'hidden']) }),
    history: { giver: 'creditAssets', receiver: 'creditAssets' },
    reversible: false,
  },
];

export const entryKinds = entryKindRegistry(ENTRY_KINDS);
