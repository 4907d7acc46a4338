import { randomBytes } from 'node:crypto';
import { fillMessage, messages } from '@vault/contract/messages';
import { add, compare, toFixed, toUnits } from '@vault/contract/money';
import { type DirectWireBody, type LegacyDepositBody, purchaseQuote } from '@vault/contract/schemas/funding';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { purchases } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { newId } from '../../lib/ids.ts';
import { postgresError } from '../../lib/postgres-error.ts';
import type { User } from '../auth/sessions.ts';
import { emailOf } from '../members/accounts.ts';
import type { NotificationService } from '../notifications/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { PurchaseTermsService } from './purchase-terms.ts';
import { primaryAddressOf } from './remittance-addresses.ts';
import { METHOD_NAMES } from './settlement.ts';
import { dueText, presentWires } from './wire-view.ts';

/** Unpaid wires a member may have at once: enough for any honest use, and a bound on rows one can make. */
export const MAX_PENDING_WIRES = 10;

type Idempotency = { key: string; requestHash: string };
type Deps = {
  ledger: Ledger;
  settings: SettingsService;
  notifications: NotificationService;
  terms: PurchaseTermsService;
};

/** What a wire asks for, whichever form it came in. */
type Ask = {
  token: string;
  tokenAmount: string;
  type: 'tokenPurchase' | 'walletActivation' | 'legacy';
  address: string;
};

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 'DW-' and 10 base32 characters (50 random bits): what the member quotes on the wire. */
export const newOrderId = () => `DW-${[...randomBytes(10)].map((b) => BASE32[b & 31]).join('')}`;
const ORDER_ID_TAKEN = 'purchases_order_id_unique';

/**
 * Direct wire contributions (spec 2 §3, §4, §7) and sdira members' legacy deposits: a pending purchase the
 * member pays by bank wire. The server prices it: the token must be one they may buy, its rate now is
 * locked, the USD is tokens × rate to the cent, the fee and the due date come from the settings of the
 * moment (decision 0012). Nothing moves in the ledger until an operator records the money (wire-desk.ts).
 */
export function directWireService(ctx: Context, deps: Deps) {
  const { db } = ctx;
  const { ledger, settings, notifications, terms } = deps;

  const found = async (userId: string, id: string) => {
    const [row] = await db
      .select()
      .from(purchases)
      .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
    if (!row) throw notFound();
    return row;
  };

  async function create(me: User, ask: Ask, idempotency: Idempotency | undefined, message: string) {
    const key = idempotency && { userId: me.id, ...idempotency };
    // A repeat is answered first, as it was, even if the terms have moved since.
    const first = key && (await ledger.replay<{ purchaseId: string }>(key));
    if (first) return { message, data: (await presentWires(db, [await found(me.id, first.purchaseId)]))[0]! };

    const t = await terms.of(me, ask.token);
    // sdira tokens are bought by legacy deposit only.
    if (t.type === 'sdira' && ask.type !== 'legacy')
      throw badRequest(messages.tokenNotPurchasable, 'TOKEN_NOT_PURCHASABLE', { token: messages.tokenNotPurchasable });
    const quote = purchaseQuote(ask.tokenAmount, t.rate, t.decimals);
    if (toUnits(quote.tokenAmount) <= 0n || toUnits(quote.amount) <= 0n)
      throw badRequest(messages.invalidAmount, 'INVALID_AMOUNT', { tokenAmount: messages.invalidAmount });
    if (ask.type === 'walletActivation') {
      if (me.isWalletActivated) throw badRequest(messages.alreadyActivated, 'ALREADY_ACTIVATED');
      if (compare(quote.amount, t.activationUsd) < 0) {
        const text = fillMessage(messages.activationContributionMinimum, {
          usd: toFixed(t.activationUsd, 2),
          amount: t.activationAmount,
          symbol: t.coinSymbol,
        });
        throw badRequest(text, 'PURCHASE_MINIMUM', { tokenAmount: text });
      }
    }
    if (t.minimumTokens !== null && compare(quote.tokenAmount, t.minimumTokens) < 0) {
      const text = fillMessage(messages.firstAssetMinimum, { n: toFixed(t.minimumTokens, 3) });
      throw badRequest(text, 'PURCHASE_MINIMUM', { tokenAmount: text });
    }
    const primary = await primaryAddressOf(db, me.id);
    if (!primary || primary.id !== ask.address)
      throw badRequest(messages.selectPrimaryAddress, 'PRIMARY_ADDRESS_REQUIRED', {
        remittanceAddress: messages.selectPrimaryAddress,
      });
    const { directWireFee, directWireExpiryDays } = await settings.all();
    // The member remits the tokens' value plus the fee: when it all arrives, exactly the tokens asked for are
    // issued (the fee is taken from what arrives), and an activation contribution still reaches its value.
    const toRemit = add(quote.amount, directWireFee);
    const purchaseId = newId();

    const write = () =>
      ledger.transact(
        async (tx) => {
          // Serialises one member's creations, so two at once cannot both pass the pending limit.
          await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`wires:${me.id}`}))`);
          const [pending] = await tx.db
            .select({ n: count() })
            .from(purchases)
            .where(and(eq(purchases.userId, me.id), eq(purchases.status, 'pending')));
          if ((pending?.n ?? 0) >= MAX_PENDING_WIRES)
            throw new AppError(
              409,
              'TOO_MANY_PENDING_WIRES',
              fillMessage(messages.tooManyPendingWires, { max: String(MAX_PENDING_WIRES) }),
            );
          const [row] = await tx.db
            .insert(purchases)
            .values({
              id: purchaseId,
              orderId: newOrderId(),
              userId: me.id,
              method: ask.type === 'legacy' ? 'legacy' : 'directWire',
              type: ask.type,
              asset: t.coinSymbol,
              tokenAmount: quote.tokenAmount,
              tokenRate: quote.tokenRate,
              amountUsd: toRemit,
              feeUsd: directWireFee,
              remittanceAddressId: primary.id,
              dueAt: sql`now() + make_interval(days => ${directWireExpiryDays})`,
            })
            .returning();
          const notice = fillMessage(messages.directWireThankYou, {
            amount: toFixed(toRemit, 2),
            days: String(directWireExpiryDays),
            hours: String(directWireExpiryDays * 24),
            due: dueText(row!.dueAt),
            orderId: row!.orderId,
          });
          await notifications.notify(me.id, notice, tx.db);
          // Open screens (transactions list, dashboard) refetch.
          await ctx.events.emit('walletUpdated', { userId: me.id, email: me.email }, tx.db);
          return { purchaseId };
        },
        { key },
      );
    // 50 random bits rarely meet, but a repeat of an order id is retried, never answered as a 500. A
    // concurrent repeat of the key answers the first request's wire.
    for (let attempt = 1; ; attempt++) {
      try {
        const made = await write();
        return { message, data: (await presentWires(db, [await found(me.id, made.purchaseId)]))[0]! };
      } catch (error) {
        if (attempt >= 3 || postgresError(error).constraint !== ORDER_ID_TAKEN) throw error;
      }
    }
  }

  return {
    /** POST /direct-wires: members who are not sdira (those use the legacy deposit). */
    directWire(me: User, body: DirectWireBody, idempotency?: Idempotency) {
      if (me.type === 'sdira') throw forbidden(messages.directWireLegacyOnly, 'LEGACY_DEPOSIT_REQUIRED');
      const ask = {
        token: body.token,
        tokenAmount: body.tokenAmount,
        type: body.type,
        address: body.remittanceAddress,
      };
      return create(me, ask, idempotency, messages.directWireCreated);
    },

    /** POST request/create-legacy-deposit: sdira members' wire, method and type 'legacy'. */
    legacyDeposit(me: User, body: LegacyDepositBody, idempotency?: Idempotency) {
      if (me.type !== 'sdira') throw forbidden(messages.legacyDepositSdiraOnly, 'SDIRA_ONLY');
      const ask = {
        token: body.coin,
        tokenAmount: body.tokenAmount,
        type: 'legacy' as const,
        address: body.remittanceAddress,
      };
      return create(me, ask, idempotency, messages.legacyDepositSent);
    },

    /** The member's wires, newest first, every status. */
    async mine(me: User) {
      const rows = await db
        .select()
        .from(purchases)
        .where(eq(purchases.userId, me.id))
        .orderBy(desc(purchases.createdAt), desc(purchases.id))
        .limit(500);
      return { data: await presentWires(db, rows) };
    },

    /** One of the member's own wires; anyone else's is 404, like an id that does not exist. */
    async detail(me: User, id: string) {
      return { data: (await presentWires(db, [await found(me.id, id)]))[0]! };
    },

    /**
     * The expiry job's work: every pending purchase (wires and online purchases alike) past its due date becomes expired in one guarded UPDATE
     * (a wire recorded or rejected meanwhile is no longer pending, so it is left alone), and each member is
     * told, in the same transaction. An expired wire can still be recorded if the money arrives late.
     */
    async expireDue() {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(purchases)
          .set({ status: 'expired', updatedAt: new Date() })
          .where(and(eq(purchases.status, 'pending'), lt(purchases.dueAt, sql`now()`)))
          .returning();
        for (const row of expired) {
          // Online purchases (issue 13) expire here too, told in their method's words.
          const wire = row.method === 'directWire' || row.method === 'legacy';
          const notice = wire
            ? fillMessage(messages.wireExpiredNotice, { orderId: row.orderId, due: dueText(row.dueAt) })
            : fillMessage(messages.onlinePurchaseExpiredNotice, {
                method: METHOD_NAMES[row.method],
                orderId: row.orderId,
                due: dueText(row.dueAt),
              });
          await notifications.notify(row.userId, notice, tx);
          const email = await emailOf(tx, row.userId);
          if (email) await ctx.events.emit('walletUpdated', { userId: row.userId, email }, tx);
        }
        return { expired: expired.length };
      });
    },
  };
}

export type DirectWireService = ReturnType<typeof directWireService>;
