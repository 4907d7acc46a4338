import type { OnlineMethod } from '@vault/contract/schemas/funding';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { providerEvents, purchases } from '../../db/schema.ts';
import { clearing, type Ledger, move } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import type { NotificationService } from '../notifications/service.ts';
import { applyChargeBack, type ChargeBackInput } from './charge-backs.ts';
import { announce, type Issued, issuePurchaseIn, SETTLEABLE } from './settlement.ts';

type Deps = { ledger: Ledger; notifications: NotificationService };

export type ProviderEvent = {
  provider: OnlineMethod;
  /** The provider's id of the event; a refused event is kept under an id of its own (see `record`). */
  eventId: string;
  eventType: string;
  verified: boolean;
  refusedReason?: string;
  purchaseId?: string | null;
  payload: unknown;
};

/** Where an online method's money is owed from until it is paid out to us: clearing:paypal, … */
// Account kinds are lower case (ledger/accounts.ts): goCardless' is clearing:gocardless.
export const providerClearing = (provider: OnlineMethod) => clearing(provider.toLowerCase());

/**
 * Provider events (issue 13, decision 0013): every webhook event is recorded, verified or refused, and a
 * verified final one settles its purchase exactly once, per event (a system idempotency key
 * `provider`/`eventId` in the ledger) and per purchase (the purchase row locked and its guarded UPDATE: a
 * second event for a settled purchase issues nothing).
 */
export function providerEventService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { ledger, notifications } = deps;

  const markProcessed = (q: Db | Tx, provider: OnlineMethod, eventId: string) =>
    q
      .update(providerEvents)
      .set({ processedAt: new Date() })
      .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));

  return {
    /**
     * Records an event: `insert … on conflict (provider, event_id) do nothing`. `fresh` says it is new;
     * `processed` that an earlier delivery of it was already acted on (a replay is then a no-op). A refused
     * event is the caller's to key apart (e.g. `refused:` + a hash of what arrived), so a forgery wearing a
     * real event's id never blocks the real one.
     */
    async record(event: ProviderEvent) {
      const inserted = await db
        .insert(providerEvents)
        .values({
          id: newId(),
          provider: event.provider,
          eventId: event.eventId,
          eventType: event.eventType.slice(0, 200),
          verified: event.verified,
          refusedReason: event.refusedReason ?? null,
          purchaseId: event.purchaseId ?? null,
          payload: event.payload ?? {},
        })
        .onConflictDoNothing({ target: [providerEvents.provider, providerEvents.eventId] })
        .returning({ id: providerEvents.id });
      if (inserted.length > 0) return { fresh: true, processed: false };
      const [row] = await db
        .select({ processedAt: providerEvents.processedAt })
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, event.provider), eq(providerEvents.eventId, event.eventId)));
      return { fresh: false, processed: row?.processedAt != null };
    },

    /** An event acted on without settling anything (a state noted, a purchase failed). */
    markProcessed: (provider: OnlineMethod, eventId: string) => markProcessed(db, provider, eventId),

    /**
     * Settles a purchase from a verified final event: ONE ledger.transact keyed by the system key
     * (source = provider, key = eventId), in which the purchase is issued through the shared settlement from
     * the provider's clearing account, and the event marked processed. `null` when the purchase was already
     * settled (by another event or the capture's answer) or is not this provider's: nothing is issued.
     */
    async settleFromEvent(input: {
      provider: OnlineMethod;
      eventId: string;
      purchaseId: string;
      receivedUsd: string;
      providerStatus?: string;
    }): Promise<Issued | null> {
      const { provider, eventId, purchaseId } = input;
      // The answer kept with the key is an object (a null answer cannot be stored).
      const settled = await ledger.transact(
        async (tx) => {
          const issued = await issuePurchaseIn(ctx, notifications, tx, {
            purchaseId,
            receivedUsd: input.receivedUsd,
            actor: null,
            clearing: providerClearing(provider),
            auditAction: 'purchase.settle',
            methods: [provider],
            providerStatus: input.providerStatus,
            extra: { provider, eventId },
          });
          await markProcessed(tx.db, provider, eventId);
          return { issued };
        },
        { key: { source: provider, key: eventId } },
      );
      return settled.issued;
    },

    /**
     * Credits crypto that arrived at a member's own deposit address (crypto-deposits.ts): ONE ledger.transact
     * keyed by the system key (source = provider, key = eventId), posting `amount` of `asset` from the
     * provider's clearing account to the member, the event marked processed, the member told and their open
     * screens refetched. A replay of the event finds the key and credits nothing again.
     */
    async creditDeposit(input: {
      provider: 'coinqvest';
      eventId: string;
      member: { id: string; email: string };
      asset: string;
      amount: string;
      metadata: { depositId: string; network: string; address: string };
      notice: string;
    }) {
      const { provider, eventId, member } = input;
      return ledger.transact(
        async (tx) => {
          const { entryId } = await tx.post({
            kind: 'cryptoDeposit',
            legs: move(providerClearing(provider), { userId: member.id }, input.asset, input.amount),
            createdBy: null,
            metadata: { provider, ...input.metadata },
          });
          await markProcessed(tx.db, provider, eventId);
          await notifications.notify(member.id, input.notice, tx.db);
          await ctx.events.emit('walletUpdated', { userId: member.id, email: member.email }, tx.db);
          return { entryId };
        },
        { key: { source: provider, key: eventId } },
      );
    },

    /**
     * A payment failed, refunded or charged back after credit: the charge-back policy (charge-backs.ts),
     * once per purchase and per event. `null` when nothing was taken (not credited, or already charged back).
     */
    chargeBack: (input: ChargeBackInput) =>
      applyChargeBack(ctx, { ledger, notifications, clearing: providerClearing(input.provider) }, input),

    /**
     * A payment that failed before any credit (declined, cancelled, denied): the purchase, if still pending
     * or expired, becomes rejected with `reason`, and the member is told. `null` when it was already settled
     * or decided (nothing changes: a failure after credit is a charge-back, below).
     */
    async failPurchase(purchaseId: string, reason: string, providerStatus: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(purchases)
          .set({
            status: 'rejected',
            rejectionReason: reason,
            providerStatus,
            decidedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, SETTLEABLE), isNull(purchases.entryId)))
          .returning();
        if (!row) return null;
        await announce(ctx, notifications, tx, row, { rejected: reason });
        return row;
      });
    },
  };
}

export type ProviderEventService = ReturnType<typeof providerEventService>;
