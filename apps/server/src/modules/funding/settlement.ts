import { fillMessage, messages } from '@vault/contract/messages';
import { compare, normalize, toUnits } from '@vault/contract/money';
import { SILVER_SYMBOL, wireIssue } from '@vault/contract/schemas/funding';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { purchases } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { fee, type LedgerTx, move, type Party } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import type { User } from '../auth/sessions.ts';
import { lookupAsset, pricesOf } from '../catalogue/service.ts';
import { activateVault, findLiveById } from '../members/accounts.ts';
import { activationUsd } from '../native-wallet/activation.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { PurchaseRow } from './wire-view.ts';

/** The fee is kept in dollar tokens (1 Q = 1 USD). */
const FEE_ASSET = 'Q';
/** A purchase may be settled while unpaid, and also once expired: the money may arrive after the due date. */
export const SETTLEABLE: PurchaseRow['status'][] = ['pending', 'expired'];

/** How the member's history names the entry (ledger/kinds.ts 'purchase'). */
export type PurchaseLogType = 'wireDeposit' | 'legacyDeposit' | 'paypalDeposit' | 'coinqvestDeposit';

/** The member's history names a purchase entry by its method (ledger/kinds.ts 'purchase' logType). */
export const LOG_TYPES: Partial<Record<PurchaseRow['method'], PurchaseLogType>> = {
  directWire: 'wireDeposit',
  legacy: 'legacyDeposit',
  paypal: 'paypalDeposit',
  coinqvest: 'coinqvestDeposit',
  // The spec's log types have none for a direct debit: money from the member's bank, as a wire's is.
  goCardless: 'wireDeposit',
};

/** The methods as the member reads them in notices. */
export const METHOD_NAMES: Record<PurchaseRow['method'], string> = {
  directWire: 'direct wire',
  legacy: 'legacy deposit',
  paypal: 'PayPal',
  goCardless: 'GoCardless',
  coinqvest: 'COINQVEST',
};

export const wireDecided = () => conflict(messages.wireAlreadyDecided, 'WIRE_DECIDED');

/** The member is told the outcome (a notification) and their open screens refetch, in the decision's `tx`. */
export async function announce(
  ctx: Context,
  notifications: NotificationService,
  tx: Tx,
  row: PurchaseRow,
  outcome: { issued: string } | { rejected: string },
) {
  const wire = row.method === 'directWire' || row.method === 'legacy';
  const method = METHOD_NAMES[row.method];
  const notice =
    'issued' in outcome
      ? wire
        ? fillMessage(messages.wireReceivedNotice, { orderId: row.orderId, tokens: outcome.issued, symbol: row.asset })
        : fillMessage(messages.onlinePurchaseReceivedNotice, {
            method,
            orderId: row.orderId,
            tokens: outcome.issued,
            symbol: row.asset,
          })
      : wire
        ? fillMessage(messages.wireRejectedNotice, { orderId: row.orderId, reason: outcome.rejected })
        : fillMessage(messages.onlinePurchaseFailedNotice, { method, orderId: row.orderId, reason: outcome.rejected });
  await notifications.notify(row.userId, notice, tx);
  const member = await findLiveById(tx, row.userId);
  if (member) await ctx.events.emit('walletUpdated', { userId: member.id, email: member.email }, tx);
}

export type IssueInput = {
  purchaseId: string;
  /** The USD that arrived (to the cent). */
  receivedUsd: string;
  /** The operator who recorded it; null for a provider's verified event. */
  actor: User | null;
  /** Where the money is owed from until settled against reserves: clearing:wire, clearing:paypal, … */
  clearing: Party;
  /** By default the method's (LOG_TYPES); a method without one must name it. */
  logType?: PurchaseLogType;
  /** The audit row's action ('wire.receive', 'purchase.settle'). */
  auditAction: string;
  /** The provider's state of the payment as last received, kept on the row. */
  providerStatus?: string;
  /** The methods this caller settles (the wire desk: wires only; a provider: its own); another is not settled. */
  methods: PurchaseRow['method'][];
  /** More for the audit row. */
  extra?: Record<string, unknown>;
};

export type Issued = { purchaseId: string; entryId: string; tokens: string; activated: boolean };

/**
 * Issues a purchase's tokens inside the caller's ledger transaction (the wire desk's, a maker-checker
 * decision's, a provider event's): the purchase row is locked first, so of two at once the second waits,
 * then finds it settled and issues nothing (`null`). ONE entry 'purchase': the tokens (USD received less the
 * fee, at the rate locked when the purchase was made, cut down to the token's decimals) from the method's
 * clearing account to the member, and the fee in Q from the same clearing account to fees. The guarded
 * UPDATE to completed, the audit row, the member told, and activation by contribution: all in `tx`.
 */
export async function issuePurchaseIn(
  ctx: Context,
  notifications: NotificationService,
  tx: LedgerTx,
  input: IssueInput,
): Promise<Issued | null> {
  const { purchaseId: id, actor, clearing } = input;
  const [purchase] = await tx.db.select().from(purchases).where(eq(purchases.id, id)).for('update');
  if (!purchase) throw notFound();
  if (!SETTLEABLE.includes(purchase.status) || !input.methods.includes(purchase.method)) return null;
  const asset = await lookupAsset(tx.db, purchase.asset);
  if (!asset) throw conflict(messages.tokenNotPurchasable, 'TOKEN_NOT_PURCHASABLE');
  const receivedUsd = normalize(input.receivedUsd);
  const feeUsd = normalize(purchase.feeUsd);
  const rate = normalize(purchase.tokenRate);
  const { netUsd, tokens } = wireIssue(receivedUsd, feeUsd, rate, asset.decimals);
  if (toUnits(tokens) <= 0n)
    throw badRequest(messages.wireTooSmall, 'WIRE_TOO_SMALL', { receivedAmount: messages.wireTooSmall });
  // The member may have been deleted while the purchase (or its approval) waited.
  const member = await findLiveById(tx.db, purchase.userId);
  if (member?.role !== 'member') throw notFound();

  const logType = input.logType ?? LOG_TYPES[purchase.method];
  if (!logType) throw new Error(`no log type for a ${purchase.method} purchase`);
  const buyer = { userId: member.id };
  const { entryId } = await tx.post({
    kind: 'purchase',
    legs: [
      ...move(clearing, buyer, purchase.asset, tokens),
      ...(toUnits(feeUsd) > 0n ? fee(clearing, FEE_ASSET, feeUsd) : []),
    ],
    createdBy: actor?.id ?? null,
    metadata: { purchaseId: purchase.id, orderId: purchase.orderId, logType, rate, receivedUsd, feeUsd },
  });
  const [row] = await tx.db
    .update(purchases)
    .set({
      status: 'completed',
      entryId,
      receivedUsd,
      issuedAmount: tokens,
      decidedBy: actor?.id ?? null,
      decidedAt: new Date(),
      updatedAt: new Date(),
      ...(input.providerStatus === undefined ? {} : { providerStatus: input.providerStatus }),
    })
    .where(and(eq(purchases.id, id), inArray(purchases.status, SETTLEABLE)))
    .returning();
  // Cannot happen under the row lock; if it did, the entry rolls back with this refusal.
  if (!row) throw wireDecided();
  await audit(tx.db, actor, input.auditAction, id, {
    orderId: purchase.orderId,
    userId: purchase.userId,
    method: purchase.method,
    asset: purchase.asset,
    receivedUsd,
    feeUsd,
    rate,
    tokens,
    entryId,
    ...input.extra,
  });
  await announce(ctx, notifications, tx.db, row, { issued: tokens });
  const activated = await activateByContribution(ctx, notifications, tx.db, member, purchase.asset, netUsd);
  return { purchaseId: id, entryId, tokens, activated };
}

/**
 * Activation by contribution (issue 12 §4): a vault not activated is activated by a purchase whose value net
 * of the fee reaches 21 × the silver price, in the settlement's transaction; no price for silver, no
 * activation (the member can still activate by holdings later). Told like native-wallet's activation.
 */
async function activateByContribution(
  ctx: Context,
  notifications: NotificationService,
  tx: Tx,
  member: User,
  asset: string,
  netUsd: string,
) {
  if (member.isWalletActivated) return false;
  const silver = (await pricesOf(tx, [SILVER_SYMBOL])).get(SILVER_SYMBOL);
  if (silver === undefined || compare(netUsd, activationUsd(silver)) < 0) return false;
  const activated = await activateVault(tx, member.id, asset, sql`true`);
  if (!activated) return false;
  await ctx.events.emit('walletActivated', { userId: activated.id, email: activated.email }, tx);
  await notifications.notify(activated.id, messages.wireActivatedNotice, tx);
  return true;
}
