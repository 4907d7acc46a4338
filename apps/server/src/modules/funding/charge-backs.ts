import { fillMessage, messages } from '@vault/contract/messages';
import { compare, isPositive, normalize, subtract } from '@vault/contract/money';
import type { OnlineMethod } from '@vault/contract/schemas/funding';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { providerEvents, purchases } from '../../db/schema.ts';
import { isLedgerError, type Ledger, type LedgerTx, move, type Party } from '../../ledger/index.ts';
import { audit } from '../admin/audit.ts';
import { findLiveById } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import { METHOD_NAMES } from './settlement.ts';

export type ChargeBackInput = {
  provider: OnlineMethod;
  /** The provider's id of the event that says the money went back (the system idempotency key). */
  eventId: string;
  purchaseId: string;
  /** The provider's state, kept on the purchase (REVERSED, REFUNDED, charged_back, failed, REFUND_COMPLETED). */
  providerStatus: string;
};

export type ChargedBack = {
  purchaseId: string;
  /** The entry taking the tokens back; null when the member held none of them. */
  entryId: string | null;
  reversed: string;
  debt: string;
};

/**
 * The charge-back policy (issue 13, decision 0013): a payment failed, refunded or charged back AFTER its
 * tokens were issued. In ONE ledger transaction keyed by the provider event (source = provider, key =
 * eventId): the purchase row locked; unless it is this provider's, completed and not yet charged back
 * (`null`: nothing moves), what the member still holds of the asset (their balance; placed holds already sit
 * in the holds account, so they are not taken) up to the tokens issued goes back to the method's clearing
 * account (entry 'chargeBack'), the rest is the purchase's debt; the guarded UPDATE sets charged_back_at,
 * reversed_amount and debt_amount once; audit row, the member told, the event marked processed.
 * A member balance never goes below zero: a send committed between our read and our posting makes the entry
 * refused (INSUFFICIENT_BALANCE) and the whole transaction runs again with the new balance.
 */
export async function applyChargeBack(
  ctx: Context,
  deps: { ledger: Ledger; notifications: NotificationService; clearing: Party },
  input: ChargeBackInput,
): Promise<ChargedBack | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      const done = await deps.ledger.transact((tx) => chargeBackIn(ctx, deps, tx, input), {
        key: { source: input.provider, key: input.eventId },
      });
      return done.chargedBack;
    } catch (error) {
      if (attempt < 5 && isLedgerError(error) && error.code === 'INSUFFICIENT_BALANCE') continue;
      throw error;
    }
  }
}

async function chargeBackIn(
  ctx: Context,
  deps: { notifications: NotificationService; clearing: Party },
  tx: LedgerTx,
  input: ChargeBackInput,
): Promise<{ chargedBack: ChargedBack | null }> {
  const { provider, eventId, purchaseId } = input;
  const processed = () =>
    tx.db
      .update(providerEvents)
      .set({ processedAt: new Date() })
      .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
  const [purchase] = await tx.db.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
  if (
    !purchase ||
    purchase.method !== provider ||
    purchase.status !== 'completed' ||
    purchase.chargedBackAt !== null ||
    purchase.issuedAmount === null
  ) {
    // Not ours, never credited, or already charged back (by another event): nothing moves, the event is done.
    if (purchase && purchase.method === provider && purchase.chargedBackAt !== null) await processed();
    return { chargedBack: null };
  }
  const issued = normalize(purchase.issuedAmount);
  const held = normalize((await tx.balances(purchase.userId, [purchase.asset]))[purchase.asset] ?? '0');
  const reversed = compare(held, issued) < 0 ? (isPositive(held) ? held : '0') : issued;
  const debt = subtract(issued, reversed);
  let entryId: string | null = null;
  if (isPositive(reversed)) {
    ({ entryId } = await tx.post({
      kind: 'chargeBack',
      legs: move({ userId: purchase.userId }, deps.clearing, purchase.asset, reversed),
      createdBy: null,
      metadata: { purchaseId: purchase.id, providerEventId: eventId },
    }));
  }
  const [row] = await tx.db
    .update(purchases)
    .set({
      chargedBackAt: new Date(),
      reversedAmount: reversed,
      debtAmount: debt,
      providerStatus: input.providerStatus.slice(0, 100),
      updatedAt: new Date(),
    })
    .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'completed'), isNull(purchases.chargedBackAt)))
    .returning();
  // Cannot happen under the row lock; if it did, the entry rolls back with this error.
  if (!row) throw new Error(`purchase ${purchase.id} charged back twice`);
  await audit(tx.db, null, 'purchase.chargeBack', purchase.id, {
    orderId: purchase.orderId,
    userId: purchase.userId,
    method: purchase.method,
    asset: purchase.asset,
    issued,
    reversed,
    debt,
    entryId,
    provider,
    eventId,
    providerStatus: input.providerStatus,
  });
  const values = {
    method: METHOD_NAMES[purchase.method],
    orderId: purchase.orderId,
    status: input.providerStatus,
    reversed,
    debt,
    symbol: purchase.asset,
  };
  const notice = isPositive(debt)
    ? fillMessage(messages.onlinePurchaseChargedBackDebtNotice, values)
    : fillMessage(messages.onlinePurchaseChargedBackNotice, values);
  await deps.notifications.notify(purchase.userId, notice, tx.db);
  const member = await findLiveById(tx.db, purchase.userId);
  if (member) await ctx.events.emit('walletUpdated', { userId: member.id, email: member.email }, tx.db);
  await processed();
  return { chargedBack: { purchaseId: purchase.id, entryId, reversed, debt } };
}
